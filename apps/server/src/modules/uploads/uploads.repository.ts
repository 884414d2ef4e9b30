import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

export type UploadPurpose = 'FEEDBACK' | 'ACTIVITY' | 'SUPPORT';

export interface StoredUpload {
  id: string;
  memberId: string | null;
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The `upload` table: images already checked and re-encoded, read by any instance. */
export function uploadsRepository(db: Db) {
  return {
    async insert(
      trx: Executor,
      u: {
        memberId: string | null;
        purpose: UploadPurpose;
        contentType: string;
        bytes: Buffer;
        width: number;
        height: number;
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO upload (member_id, purpose, content_type, bytes, byte_size, width, height)
        VALUES (${u.memberId}, ${u.purpose}, ${u.contentType}, ${u.bytes}, ${u.bytes.length}, ${u.width}, ${u.height})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async find(id: string): Promise<StoredUpload | undefined> {
      const { rows } = await sql<StoredUpload>`
        SELECT id::text, member_id::text, content_type, bytes FROM upload WHERE id = ${id}`.execute(db);
      return rows[0];
    },

    async count(): Promise<number> {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM upload`.execute(db);
      return rows[0]!.n;
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
