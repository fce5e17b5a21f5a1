import { describe, expect, it } from 'vitest'
import { parseBrokers, s3FromEndpoint } from './stack-config'

describe('s3FromEndpoint', () => {
  it('splits an http endpoint with an explicit port', () => {
    expect(s3FromEndpoint('http://127.0.0.1:19000', 'k', 's')).toEqual({
      endpoint: 'http://127.0.0.1:19000',
      accessKey: 'k',
      secretKey: 's',
      region: 'us-east-1',
      useSSL: false,
      host: '127.0.0.1',
      port: 19000,
    })
  })

  it('defaults the port from the scheme and keeps the region given', () => {
    expect(s3FromEndpoint('https://s3.example.test', 'k', 's', 'eu-west-1')).toMatchObject({
      useSSL: true,
      host: 's3.example.test',
      port: 443,
      region: 'eu-west-1',
      endpoint: 'https://s3.example.test',
    })
    expect(s3FromEndpoint('http://minio/', 'k', 's').port).toBe(80)
  })

  it('rejects what is not an http(s) URL', () => {
    expect(() => s3FromEndpoint('127.0.0.1:19000', 'k', 's')).toThrow(/S3 endpoint/)
    expect(() => s3FromEndpoint('ftp://host:21', 'k', 's')).toThrow(/http or https/)
  })
})

describe('parseBrokers', () => {
  it('splits a comma-separated list and drops blanks', () => {
    expect(parseBrokers(' a:1, b:2 ,,')).toEqual(['a:1', 'b:2'])
  })

  it('rejects an empty list and entries without a port', () => {
    expect(() => parseBrokers(' , ')).toThrow(/no broker/)
    expect(() => parseBrokers('localhost')).toThrow(/host:port/)
    expect(() => parseBrokers('PLAINTEXT://a:1')).toThrow(/host:port/)
  })
})
