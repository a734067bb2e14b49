import { describe, expect, it } from 'vitest';
import { addressSubject, clientAddress } from './client-address';

describe('addressSubject', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressSubject('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as that /64, however it is written', () => {
    const subjects = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:a1b2:c3d4:e5f6:789',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      'fe80::1%eth0',
    ].map(addressSubject);
    expect(subjects.slice(0, 3)).toEqual(Array(3).fill('2001:db8:1:2::/64'));
    expect(subjects[3]).toBe('fe80::/64');
  });

  it('keeps addresses of different /64 networks apart', () => {
    expect(addressSubject('2001:db8:1:2::1')).not.toBe(addressSubject('2001:db8:1:3::1'));
    expect(addressSubject('::1')).toBe('::/64');
    expect(addressSubject('::1')).not.toBe(addressSubject('127.0.0.1'));
  });

  it('keeps a value that is no IP address as it is', () => {
    for (const value of ['', 'unknown', '2001:db8::1::2', '203.0.113'])
      expect(addressSubject(value)).toBe(value);
  });
});

describe('clientAddress', () => {
  it('keys the request by its address subject', () => {
    expect(clientAddress({ ip: '2001:db8:aa:bb:1:2:3:4' })).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress({ ip: '198.51.100.1' })).toBe('198.51.100.1');
  });
});
