import { describe, expect, it } from 'vitest'
import { parseExportLines } from './parse-export-lines'

describe('parseExportLines', () => {
  it('reads export lines, with or without quotes, and ignores everything else', () => {
    const text = [
      '[stack] kafka ready in 1.2s',
      'export KAFKA_BROKERS=127.0.0.1:19092',
      "export S3_SECRET_KEY='with space'",
      '  export MONGODB_URL="mongodb://127.0.0.1:27018/"',
      'S3_REGION=us-east-1',
      '# export COMMENTED=1',
      'export 9BAD=x',
    ].join('\n')
    expect(parseExportLines(text)).toEqual({
      KAFKA_BROKERS: '127.0.0.1:19092',
      S3_SECRET_KEY: 'with space',
      MONGODB_URL: 'mongodb://127.0.0.1:27018/',
      S3_REGION: 'us-east-1',
    })
  })

  it('keeps = signs inside values', () => {
    expect(parseExportLines('export URL=http://h/?a=b&c=d')).toEqual({ URL: 'http://h/?a=b&c=d' })
  })
})
