import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import {
  LOTTERY_PROOF_LABEL,
  LOTTERY_PROOF_LIMITS,
  LOTTERY_PROOF_MESSAGES,
  type LotteryProofKind,
} from '@portal/shared/schemas/lottery';
import { Button, Progress } from 'antd';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useIsPhone } from '../../../lib/use-media-query';
import { uploadLotteryProof } from '../api/lottery-api';
import styles from './lottery.module.css';

/** One proof in the form: its kind, stored key, the link that opens it and what to show. */
export interface ProofItem {
  kind: LotteryProofKind;
  path: string;
  url: string;
  contentType: string;
  /** The file's own name on this device (kept in the page only, never sent). */
  name: string;
}

interface Sending {
  id: number;
  name: string;
  share: number;
}

const TYPES = new Set<string>(LOTTERY_PROOF_LIMITS.types);

/** Why a picked file cannot go, before it is sent (the server checks its bytes again). */
function refusalOf(file: File): string | null {
  if (file.type && !TYPES.has(file.type)) return LOTTERY_PROOF_MESSAGES.type;
  if (!file.type && !/\.(jpe?g|png|webp|pdf)$/i.test(file.name)) return LOTTERY_PROOF_MESSAGES.type;
  if (file.size > LOTTERY_PROOF_LIMITS.bytes) return LOTTERY_PROOF_MESSAGES.size;
  return null;
}

let sendingSerial = 0;

interface KindProps {
  kind: LotteryProofKind;
  items: ProofItem[];
  onAdd: (item: ProofItem) => void;
  onRemove: (path: string) => void;
}

/** The files of one proof kind: thumbnails or PDF names, a remove button each, and the picker. */
function ProofKind({ kind, items, onAdd, onRemove }: KindProps) {
  const isPhone = useIsPhone();
  const inputId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [error, setError] = useState<string | null>(null);
  const label = LOTTERY_PROOF_LABEL[kind];
  const room = LOTTERY_PROOF_LIMITS.perKind - items.length - sending.length;

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (files.length > room) {
      setError(LOTTERY_PROOF_MESSAGES.tooMany);
      return;
    }
    const refusal = files.map(refusalOf).find(Boolean);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    await Promise.all(
      files.map(async (file) => {
        sendingSerial += 1;
        const id = sendingSerial;
        setSending((all) => [...all, { id, name: file.name, share: 0 }]);
        try {
          const stored = await uploadLotteryProof(file, (share) =>
            setSending((all) => all.map((s) => (s.id === id ? { ...s, share } : s))),
          );
          onAdd({ kind, ...stored, name: file.name });
        } catch (cause) {
          setError(
            `${file.name}：${cause instanceof Error ? cause.message : LOTTERY_PROOF_MESSAGES.type}`,
          );
        } finally {
          setSending((all) => all.filter((s) => s.id !== id));
        }
      }),
    );
  };

  return (
    <fieldset className={styles.proofKind} data-testid={`proof-${kind}`}>
      <legend className={styles.label}>{label}</legend>
      {items.length > 0 && (
        <ul className={styles.proofList}>
          {items.map((item, index) => {
            const preview = (
              <>
                {item.contentType === 'application/pdf' ? (
                  <FilePdfOutlined className={styles.proofPdf} aria-hidden />
                ) : (
                  <img src={item.url} alt={`${label}${index + 1}`} className={styles.proofThumb} />
                )}
                <span className={styles.proofName}>{item.name || `${label}${index + 1}`}</span>
              </>
            );
            return (
              <li key={item.path} className={styles.proofItem}>
                {/* On a phone the file is not opened from the form: in place it would lose what
                    was typed, and a new tab there cannot be returned from (lib/new-tab.ts). */}
                {isPhone ? (
                  <span className={styles.proofOpen}>{preview}</span>
                ) : (
                  <a href={item.url} target="_blank" rel="noreferrer" className={styles.proofOpen}>
                    {preview}
                  </a>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${label}${index + 1}`}
                  className={styles.wideButton}
                  onClick={() => onRemove(item.path)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {sending.map((s) => (
        <div key={s.id} className={styles.proofSending}>
          <span className={styles.proofName}>正在上传 {s.name}</span>
          <Progress percent={Math.round(s.share * 100)} size="small" />
        </div>
      ))}
      {error && (
        <p role="alert" className={styles.proofError}>
          {error}
        </p>
      )}
      {room > 0 && (
        <label htmlFor={inputId} className={styles.proofPick}>
          <UploadOutlined aria-hidden />
          <span>{items.length > 0 ? `继续上传${label}` : `上传${label}`}</span>
          <input
            id={inputId}
            type="file"
            accept={LOTTERY_PROOF_LIMITS.accept}
            multiple
            aria-label={`上传${label}`}
            className={styles.proofInput}
            onChange={(event) => void handleFiles(event)}
          />
        </label>
      )}
    </fieldset>
  );
}

interface ProofUploadsProps {
  /** The kinds the declarations need now (requiredLotteryProofs). */
  kinds: readonly LotteryProofKind[];
  /** Set by antd Form.Item. */
  value?: ProofItem[];
  onChange?: (value: ProofItem[]) => void;
}

/**
 * 证明材料 of the 意向登记: one upload control per kind the declarations need, taking photos
 * from the camera or the album on a phone, pictures or PDF files on a computer; each file shows
 * as a thumbnail (a PDF by its name) that opens it, with its progress while it is sent.
 */
export function ProofUploads({ kinds, value = [], onChange }: ProofUploadsProps) {
  // Uploads finishing one after the other each add to the list as it is then, not as it was
  // when their files were picked.
  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  }, [value]);
  const change = (next: ProofItem[]) => {
    current.current = next;
    onChange?.(next);
  };
  if (kinds.length === 0)
    return <p className={styles.proofHint}>按您填写的情况，无需上传证明材料。</p>;
  return (
    <div className={styles.stack}>
      <p className={styles.proofHint}>
        支持拍照或选择 JPG、PNG、WebP 图片及 PDF 文件，单个不超过 10MB；材料仅您本人与审核人员可见。
      </p>
      {kinds.map((kind) => (
        <ProofKind
          key={kind}
          kind={kind}
          items={value.filter((item) => item.kind === kind)}
          onAdd={(item) => change([...current.current, item])}
          onRemove={(path) => change(current.current.filter((item) => item.path !== path))}
        />
      ))}
    </div>
  );
}
