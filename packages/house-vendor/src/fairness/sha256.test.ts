import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, createHmacSha256, hmacSha256, sha256Hex } from './sha256.ts';

/** A deterministic byte pattern, so a failure names the same input on every run. */
function pattern(length: number, salt: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 31 + salt * 17 + (i >> 3)) & 0xff);
}

describe('SHA-256 (@noble/hashes, as the fairness code calls it)', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length around the padding boundaries and beyond', () => {
    for (let length = 0; length <= 300; length++) {
      const message = pattern(length, length);
      expect(sha256Hex(message), `length ${length}`).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });

  it('hashes text as UTF-8, like node:crypto', () => {
    const text = '서버 시드 · seed 种子 🎲';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('hashes a million bytes like node:crypto', () => {
    const message = new Uint8Array(1_000_000).fill(0x61);
    expect(sha256Hex(message)).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });
});

describe('HMAC-SHA256', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(bytesToHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('agrees with node:crypto for keys shorter than, equal to and longer than a block', () => {
    for (const keyLength of [0, 1, 20, 32, 63, 64, 65, 131, 200]) {
      const key = pattern(keyLength, 7);
      const hmac = createHmacSha256(key);
      for (const messageLength of [0, 1, 55, 56, 64, 100, 200]) {
        const message = pattern(messageLength, 3);
        expect(bytesToHex(hmac(message)), `key ${keyLength}, message ${messageLength}`).toBe(
          createHmac('sha256', key).update(message).digest('hex'),
        );
      }
    }
  });

  it('keys on the server seed text and hashes the round message as node:crypto does', () => {
    const serverSeed = createHash('sha256').update('fixture').digest('hex');
    const hmac = createHmacSha256(serverSeed);
    for (let nonce = 0; nonce < 50; nonce++) {
      const message = `player-seed:${nonce}:0`;
      expect(bytesToHex(hmac(message))).toBe(createHmac('sha256', serverSeed).update(message).digest('hex'));
    }
  });
});
