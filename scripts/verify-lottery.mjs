// Recomputes a 摇号 draw from its published inputs, with the same shared code as the server and
// the verifier page (docs/product/lottery.md):
//   node scripts/verify-lottery.mjs <list.txt> <random-value-hex> [results.csv]
//   node scripts/verify-lottery.mjs --from <site>/api/lottery/batches/<id>/draw-record
// list.txt is the published qualified list (its canonical text); results.csv, when given, has one
// `chooseOrder,regNo` line per registration. Prints the commitment and the order; with a published
// result prints 一致 (exit 0) or 不一致 (exit 1).
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const draw = await tsImport('../packages/shared/src/domain/lottery-draw.ts', import.meta.url);

async function inputs(argv) {
  if (argv[0] === '--from' && argv[1]) {
    const answer = await fetch(argv[1]);
    const body = await answer.json();
    if (body.code !== '000000') throw new Error(`${argv[1]}: ${body.message}`);
    const record = body.data;
    return {
      listText: record.listText,
      randomness: record.randomness,
      commitment: record.listHash,
      published: record.results,
    };
  }
  if (argv.length < 2) {
    console.error('usage: verify-lottery.mjs <list.txt> <random-value-hex> [results.csv]');
    process.exit(2);
  }
  const published = argv[2]
    ? readFileSync(argv[2], 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const [chooseOrder, regNo] = line.split(',');
          return { chooseOrder: Number(chooseOrder), regNo: regNo.trim() };
        })
    : undefined;
  return { listText: readFileSync(argv[0], 'utf8'), randomness: argv[1], published };
}

const { listText, randomness, commitment, published } = await inputs(process.argv.slice(2));
const list = draw.parseLotteryList(listText);
const result = draw.runLotteryDraw(list, randomness);
console.log(`list SHA-256: ${result.listHash}`);
if (commitment && commitment !== result.listHash) {
  console.log(`published commitment ${commitment} differs from the list: 不一致`);
  process.exit(1);
}
for (const place of result.places) {
  console.log(`${place.chooseOrder},${place.regNo},${place.outcome}`);
}
if (published) {
  const same = draw.sameLotteryOrder(published, result);
  console.log(same ? '一致' : '不一致');
  process.exit(same ? 0 : 1);
}
