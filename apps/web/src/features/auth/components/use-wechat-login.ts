import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getWechatQr, pollWechatTicket } from '../api/wechat';

/** QR validity and poll interval (docs/product/accounts.md). */
export const WECHAT_QR_SECONDS = 120;
export const WECHAT_POLL_MS = 2000;

export type WechatOutcome = { kind: 'signedIn' } | { kind: 'bind'; ticket: string };

/**
 * Fetches a QR while `isActive`, polls it every 2 s and reports the outcome once. Polling stops
 * when inactive (tab switch), on unmount (leaving), on expiry and after the outcome (login or
 * bind phone). `refresh` fetches a new QR.
 */
export function useWechatLogin(isActive: boolean, onOutcome: (outcome: WechatOutcome) => void) {
  const [round, setRound] = useState(0);
  const [expiredTicket, setExpiredTicket] = useState('');
  const [doneTicket, setDoneTicket] = useState('');
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  }, [onOutcome]);

  const qrQuery = useQuery({
    queryKey: ['auth', 'wechat-qr', round],
    queryFn: getWechatQr,
    enabled: isActive,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const qr = qrQuery.data ?? null;
  const ticket = qr?.ticket ?? '';
  const isExpired = qrQuery.isError || (ticket !== '' && expiredTicket === ticket);
  const isPolling = isActive && ticket !== '' && !isExpired && doneTicket !== ticket;

  useEffect(() => {
    if (!qr) return undefined;
    const timer = window.setTimeout(() => setExpiredTicket(qr.ticket), qr.expiresIn * 1000);
    return () => window.clearTimeout(timer);
  }, [qr]);

  const poll = async () => {
    const result = await pollWechatTicket(ticket);
    if (result.tokenInfo) {
      setDoneTicket(ticket);
      outcomeRef.current({ kind: 'signedIn' });
    } else if (result.userInfo && result.bindPhone === 0) {
      setDoneTicket(ticket);
      outcomeRef.current({ kind: 'bind', ticket });
    } else if (result.status === 'expired' || result.status === 'consumed') {
      setExpiredTicket(ticket);
    }
    return result;
  };

  useQuery({
    queryKey: ['auth', 'wechat-poll', ticket],
    queryFn: poll,
    enabled: isPolling,
    refetchInterval: isPolling ? WECHAT_POLL_MS : false,
    refetchIntervalInBackground: false,
    gcTime: 0,
    retry: false,
  });

  const refresh = () => setRound((value) => value + 1);
  return { qr, isExpired, refresh };
}
