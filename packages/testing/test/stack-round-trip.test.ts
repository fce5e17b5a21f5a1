/**
 * One real round trip against each server of the resolved stack (env, testcontainers or native).
 * Every name is random and removed afterwards, so the run can share a stack with other test runs.
 */
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry'
import { Kafka, logLevel } from 'kafkajs'
import { MongoClient, MongoServerError } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Cleanup, createCleanup, createS3Client, randomName, type StackConfig } from '../src/index'

let stack: StackConfig
let cleanup: Cleanup

beforeAll(() => {
  stack = inject('stack')
  cleanup = createCleanup(stack)
})
afterAll(() => cleanup.run())

describe('Kafka', () => {
  it('creates a topic, produces one message and consumes it back', async () => {
    const kafka = new Kafka({
      clientId: 'rv-testing-it',
      brokers: stack.kafkaBrokers,
      logLevel: logLevel.NOTHING,
    })
    const topic = cleanup.topic()
    const admin = kafka.admin()
    await admin.connect()
    try {
      expect(await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true })).toBe(
        true,
      )
    } finally {
      await admin.disconnect()
    }

    const value = `hello ${randomName('msg')}`
    const producer = kafka.producer()
    await producer.connect()
    await producer.send({ topic, messages: [{ key: 'k1', value }] })
    await producer.disconnect()

    const consumer = kafka.consumer({ groupId: randomName('it-group') })
    await consumer.connect()
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true })
      const received = await new Promise<{ key: string | undefined; value: string | undefined }>(
        (resolve) => {
          void consumer.run({
            eachMessage: async ({ message }) =>
              resolve({ key: message.key?.toString(), value: message.value?.toString() }),
          })
        },
      )
      expect(received).toEqual({ key: 'k1', value })
    } finally {
      await consumer.disconnect()
    }
  })
})

describe('schema registry (Confluent-compatible API)', () => {
  const v1 = {
    type: 'object',
    properties: { checkId: { type: 'string' }, amount: { type: 'integer' } },
    required: ['checkId', 'amount'],
    additionalProperties: false,
  }

  it('registers a JSON schema, then encodes and decodes a payload in wire format', async () => {
    const registry = new SchemaRegistry({ host: stack.schemaRegistryUrl })
    const subject = cleanup.subject()
    const { id } = await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(v1) }, { subject })
    // Registering again is what every service does at start: same id, and no compatibility complaint.
    expect(
      (await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(v1) }, { subject })).id,
    ).toBe(id)

    const payload = { checkId: 'c-1', amount: 12345 }
    const encoded = await registry.encode(id, payload)
    expect(encoded[0]).toBe(0) // magic byte
    expect(encoded.readInt32BE(1)).toBe(id)
    expect(await registry.decode(encoded)).toEqual(payload)
    await expect(registry.encode(id, { checkId: 'c-1', amount: 'not a number' })).rejects.toThrow()
  })

  it('enforces BACKWARD compatibility, including for subjects made by other clients', async () => {
    const subject = cleanup.subject()
    const post = (schema: object) =>
      fetch(`${stack.schemaRegistryUrl}/subjects/${subject}/versions`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
        body: JSON.stringify({ schemaType: 'JSON', schema: JSON.stringify(schema) }),
      })
    // Created by plain HTTP, so the subject has no config of its own: only the global rule applies.
    expect((await post(v1)).status).toBe(200)
    const config = await fetch(`${stack.schemaRegistryUrl}/config/${subject}`)
    expect(await config.json()).toEqual({ compatibilityLevel: 'BACKWARD' })

    const registry = new SchemaRegistry({ host: stack.schemaRegistryUrl })
    await expect(
      registry.register({ type: SchemaType.JSON, schema: JSON.stringify(v1) }, { subject }),
    ).resolves.toHaveProperty('id')

    const changedType = { ...v1, properties: { ...v1.properties, amount: { type: 'string' } } }
    expect((await post(changedType)).status).toBe(409)
  })
})

describe('MongoDB wire protocol', () => {
  it('inserts and finds a document, and reports a unique index violation as 11000', async () => {
    const client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 10_000 })
    try {
      const checks = client.db(cleanup.database()).collection<{ checkId: string; status: string }>('checks')
      await checks.createIndex({ checkId: 1 }, { unique: true })
      await checks.insertOne({ checkId: 'c-1', status: 'pending' })
      expect(await checks.findOne({ checkId: 'c-1' }, { projection: { _id: 0 } })).toEqual({
        checkId: 'c-1',
        status: 'pending',
      })

      const duplicate = await checks.insertOne({ checkId: 'c-1', status: 'again' }).catch((e: unknown) => e)
      expect(duplicate).toBeInstanceOf(MongoServerError)
      expect((duplicate as MongoServerError).code).toBe(11000)
      expect(await checks.countDocuments({})).toBe(1)
    } finally {
      await client.close()
    }
  })
})

describe('S3', () => {
  it('makes a bucket, puts, stats and gets an object with the minio client', async () => {
    const s3 = createS3Client(stack.s3)
    const bucket = cleanup.bucket()
    await s3.makeBucket(bucket, stack.s3.region)
    const body = Buffer.from(`%PDF-1.7 test ${randomName('body')}`)
    await s3.putObject(bucket, 'receipts/a.pdf', body, body.length, { 'Content-Type': 'application/pdf' })

    const stat = await s3.statObject(bucket, 'receipts/a.pdf')
    expect(stat.size).toBe(body.length)
    expect(stat.metaData['content-type']).toBe('application/pdf')

    const chunks: Buffer[] = []
    for await (const chunk of await s3.getObject(bucket, 'receipts/a.pdf')) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(body)).toBe(true)
  })
})
