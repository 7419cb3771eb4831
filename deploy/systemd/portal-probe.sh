#!/bin/sh
# Active health probe of one API instance, run by portal-probe@<port>.timer. An instance that does
# not answer GET /api/health twice in a row (5 s apart, 5 s timeout each) is restarted. An answer
# of 503 counts as alive: the instance is up but the database is not, which restarting the
# instance cannot fix (every instance reports the same; nginx keeps the site on its error page).
set -u
port="$1"
url="http://127.0.0.1:${port}/api/health"

answers() {
  code=$(curl --silent --output /dev/null --max-time 5 --write-out '%{http_code}' "$url")
  [ "$code" = "200" ] || [ "$code" = "503" ]
}

answers && exit 0
sleep 5
answers && exit 0
echo "portal@${port}: /api/health did not answer twice; restarting the instance"
exec systemctl restart "portal@${port}.service"
