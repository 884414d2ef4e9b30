import { LIMITS } from '@portal/contracts/limits.ts';

export type ProofIssue = 'required' | 'type' | 'size';

/**
 * The proof image of a withdrawal "not received" (spec §9: png or jpg, 5 MB), checked before it is
 * sent. The server checks the bytes again; this only spares the player a long upload that would fail.
 */
export function checkProofFile(
  file: { type: string; size: number; name: string } | null | undefined,
): ProofIssue | null {
  if (!file) return 'required';
  const byType = (LIMITS.uploadTypes as readonly string[]).includes(file.type);
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return 'type';
  if (file.size > LIMITS.uploadMaxBytes) return 'size';
  return null;
}

/** A file's bytes as plain base64 (no data: prefix), as the contract's proof field wants it. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** 5 MB for messages. */
export const PROOF_MAX_MB = Math.round(LIMITS.uploadMaxBytes / (1024 * 1024));
