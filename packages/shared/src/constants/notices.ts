/**
 * What a notice (我的消息) is about; `bizId` is that object's id. /myNotice links each kind to
 * its page: an order to its detail, a listing to its page, feedback to its detail.
 */
export const NOTICE_BIZ_TYPE = {
  ORDER: 'order',
  /** A second-hand listing: its owner's, a favourite of the reader, or one the reader reported. */
  SECOND_HOUSE: 'second_house',
  FEEDBACK: 'feedback',
  /** A 房聊 conversation the reader reported, or took part in. */
  CHAT: 'chat',
  /** A new-house project: a subscription's news (开盘, 变价, 新证, a saved search's find). */
  PROJECT: 'project',
  /** A 摇号 batch: the reader's registration, its review, the draw and the 选房 turn. */
  LOTTERY: 'lottery',
  SYSTEM: 'system',
} as const;
export type NoticeBizType = (typeof NOTICE_BIZ_TYPE)[keyof typeof NOTICE_BIZ_TYPE];
