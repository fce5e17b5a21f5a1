import { describe, expect, it } from 'vitest'
import { judgeAddress, parseAllowList, parseCidr, parseIpv6 } from './address-policy'

const refused = (address: string, allow = '') => !judgeAddress(address, parseAllowList(allow)).allowed

describe('judgeAddress', () => {
  it.each([
    '127.0.0.1',
    '127.12.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::10.0.0.1',
    '2002:a00:1::',
  ])('refuses %s', (address) => {
    expect(refused(address)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(refused(address)).toBe(false)
    },
  )

  it('names the range it refused', () => {
    expect(judgeAddress('10.0.0.5', [])).toEqual({
      allowed: false,
      reason: 'special_purpose',
      range: '10.0.0.0/8',
    })
  })

  it('lets the operator allow-list open exactly what it names', () => {
    expect(refused('127.0.0.1', '127.0.0.1/32')).toBe(false)
    expect(refused('127.0.0.2', '127.0.0.1/32')).toBe(true)
    expect(refused('::ffff:127.0.0.1', '127.0.0.1')).toBe(false)
    expect(refused('10.20.30.40', '10.20.0.0/16')).toBe(false)
    expect(refused('10.21.0.1', '10.20.0.0/16')).toBe(true)
    expect(refused('::1', '::1/128')).toBe(false)
  })

  it('refuses what is not an IP address', () => {
    expect(judgeAddress('localhost', [])).toEqual({ allowed: false, reason: 'not_an_ip' })
    expect(refused('1.2.3')).toBe(true)
    expect(refused('01.2.3.4')).toBe(true)
  })
})

describe('parsing', () => {
  it('reads IPv6 with :: and an IPv4 tail', () => {
    expect(parseIpv6('::1')).toEqual([...Array(15).fill(0), 1])
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 255, 255, 1, 2, 3, 4])
    expect(parseIpv6('1:2:3:4:5:6:7:8')?.length).toBe(16)
    expect(parseIpv6('1::2::3')).toBeUndefined()
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBeUndefined()
    expect(parseIpv6('fe80::1%eth0')).toBeUndefined()
  })

  it('refuses a bad allow-list entry by name', () => {
    expect(() => parseAllowList('127.0.0.1/32, example.com')).toThrow('example.com')
    expect(parseCidr('10.0.0.0/')).toBeUndefined()
    expect(parseCidr('10.0.0.0/33')).toBeUndefined()
  })
})
