import { type Kysely, sql } from 'kysely';

/**
 * Banners carry their words as text and their art per width (decision 025): a kicker line and a
 * button label beside the title, and an optional narrow crop of the art for phones. The demo site's
 * banners, whose art had the words painted in, get the words as text (their art files no longer
 * carry any); any other banner keeps its art and gets no kicker or button until staff write them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE banner
      ADD COLUMN mobile_image_url text,
      ADD COLUMN subtitle text NOT NULL DEFAULT '',
      ADD COLUMN cta_label text NOT NULL DEFAULT '';
    UPDATE banner SET mobile_image_url = regexp_replace(image_url, '\\.svg$', '-mobile.svg'),
      subtitle = CASE image_url
        WHEN '/assets/banners/welcome.svg' THEN CASE language WHEN 'ko' THEN '신규 회원' ELSE 'New members' END
        WHEN '/assets/banners/slots.svg' THEN CASE language WHEN 'ko' THEN '오로라 오리지널' ELSE 'Aurora Originals' END
        ELSE CASE language WHEN 'ko' THEN '실시간 딜러 · 24시간' ELSE 'Real dealers · 24/7' END
      END,
      cta_label = CASE image_url
        WHEN '/assets/banners/welcome.svg' THEN CASE language WHEN 'ko' THEN '지금 받기' ELSE 'Claim now' END
        WHEN '/assets/banners/slots.svg' THEN CASE language WHEN 'ko' THEN '지금 스핀' ELSE 'Spin now' END
        ELSE CASE language WHEN 'ko' THEN '테이블 입장' ELSE 'Join a table' END
      END
    WHERE image_url IN ('/assets/banners/welcome.svg', '/assets/banners/slots.svg', '/assets/banners/live.svg');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE banner DROP COLUMN mobile_image_url, DROP COLUMN subtitle, DROP COLUMN cta_label`.execute(db);
}
