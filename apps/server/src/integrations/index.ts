import type { AppConfig } from '../config/index';
import type { Db } from '../db/client';
import { createBankGateway, type BankGateway } from './bank/index';
import {
  createRealnameGateway,
  type RealnameAccounts,
  type RealnameGateway,
  RealnameService,
} from './realname/index';
import { createSmsGateway, type SmsGateway } from './sms/index';
import { createWechatGateway, type WechatLoginGateway } from './wechat/index';
import type { WechatMpGateway } from './wechat/wechat-mp';
import type { WechatOAuthGateway } from './wechat/wechat-oauth';

/** The outside services as the modules receive them; null = switched off (503 for citizens). */
export interface Integrations {
  sms: SmsGateway | null;
  wechat: WechatLoginGateway | null;
  realname: RealnameService;
  bank: BankGateway | null;
}

/** Gateways a test hands to buildApp instead of the configured ones. */
export interface IntegrationOverrides {
  sms?: SmsGateway | null;
  wechat?: WechatLoginGateway | null;
  /** WeChat web authorisation (built by the app beside its shared store otherwise). */
  wechatOAuth?: WechatOAuthGateway | null;
  realname?: RealnameGateway | null;
  bank?: BankGateway | null;
}

/**
 * What the outside services ask of the accounts' owner (the auth module), handed in by the app:
 * this layer never writes an account itself (docs/decisions/0075-one-owner-per-table.md).
 */
export interface IntegrationAccounts {
  realname: RealnameAccounts;
}

/** Whether a WeChat gateway is the Official Account one (it has a callback to serve). */
export function isWechatMp(gateway: WechatLoginGateway | null): gateway is WechatMpGateway {
  return gateway !== null && 'callbackToken' in gateway;
}

/**
 * Builds every outside service from configuration, once, at start-up: the provider chosen for
 * each, its simulator, or nothing when it is switched off. Modules get these objects from the
 * app and never import a simulator or a provider themselves.
 */
export function createIntegrations(
  config: AppConfig,
  db: Db,
  accounts: IntegrationAccounts,
  overrides: IntegrationOverrides = {},
): Integrations {
  const realnameGateway =
    'realname' in overrides
      ? (overrides.realname ?? null)
      : createRealnameGateway(config.services.realname, config.outboundProxy);
  return {
    sms:
      'sms' in overrides
        ? (overrides.sms ?? null)
        : createSmsGateway(config.services.sms, config.outboundProxy),
    wechat:
      'wechat' in overrides
        ? (overrides.wechat ?? null)
        : createWechatGateway(config.services.wechat, config.outboundProxy),
    realname: new RealnameService(db, realnameGateway, config.publicOrigin, accounts.realname),
    bank:
      'bank' in overrides
        ? (overrides.bank ?? null)
        : createBankGateway(config.services.payment, db, config.publicOrigin, config.outboundProxy),
  };
}
