import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { completeWechatSignIn, getWechatQr, pollWechatTicket } from '../api/wechat';

/** QR validity and poll interval (docs/product/accounts.md). */
export const WECHAT_QR_SECONDS = 120;
export const WECHAT_POLL_MS = 2000;

export type WechatOutcome = { kind: 'signedIn' } | { kind: 'bind'; ticket: string };

/**
 * Fetches a QR while `isActive`, polls its status every 2 s and, once the phone confirmed it,
 * completes the sign-in (POST) and reports the outcome once. Polling stops
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
    const status = await pollWechatTicket(ticket);
    if (status.status === 'expired' || status.status === 'consumed') {
      setExpiredTicket(ticket);
      return status;
    }
    if (status.status !== 'confirmed') return status;
    // Confirmed on the phone: this browser opens the session (once) with a POST.
    setDoneTicket(ticket);
    const result = await completeWechatSignIn(ticket).catch(() => {
      setExpiredTicket(ticket);
      return status;
    });
    if (result.tokenInfo) {
      outcomeRef.current({ kind: 'signedIn' });
    } else if (result.userInfo && result.bindPhone === 0) {
      outcomeRef.current({ kind: 'bind', ticket });
    } else {
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
