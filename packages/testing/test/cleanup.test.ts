/** The cleanup helpers really remove what a test created: checked against the servers themselves. */
import { Kafka, logLevel } from 'kafkajs'
import { MongoClient } from 'mongodb'
import { describe, expect, inject, it } from 'vitest'
import { createCleanup, createS3Client } from '../src/index'

describe('createCleanup', () => {
  it('deletes the topics, subjects, buckets and databases it was given', async () => {
    const stack = inject('stack')
    const cleanup = createCleanup(stack)
    const topic = cleanup.topic()
    const subject = cleanup.subject()
    const bucket = cleanup.bucket()
    const database = cleanup.database()
    cleanup.topic('it-never-created-topic') // unknown names are skipped, not errors

    const admin = new Kafka({
      clientId: 'rv-testing-it',
      brokers: stack.kafkaBrokers,
      logLevel: logLevel.NOTHING,
    }).admin()
    const mongo = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 10_000 })
    const s3 = createS3Client(stack.s3)
    await admin.connect()
    try {
      await admin.createTopics({ topics: [{ topic }], waitForLeaders: true })
      const registered = await fetch(`${stack.schemaRegistryUrl}/subjects/${subject}/versions`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
        // Apicurio answers 422 for a bare {"type":"object"}: it cannot tell the content is a JSON Schema.
        body: JSON.stringify({
          schemaType: 'JSON',
          schema: '{"type":"object","properties":{"a":{"type":"string"}}}',
        }),
      })
      expect(registered.status).toBe(200)
      await s3.makeBucket(bucket, stack.s3.region)
      await s3.putObject(bucket, 'x/y.txt', Buffer.from('x'))
      await mongo.db(database).collection('c').insertOne({ a: 1 })

      const databases = async () =>
        (await mongo.db('admin').admin().listDatabases()).databases.map((d) => d.name)
      expect(await admin.listTopics()).toContain(topic)
      expect(await databases()).toContain(database)

      await cleanup.run()

      expect(await admin.listTopics()).not.toContain(topic)
      expect((await fetch(`${stack.schemaRegistryUrl}/subjects/${subject}/versions`)).status).toBe(404)
      expect(await s3.bucketExists(bucket)).toBe(false)
      expect(await databases()).not.toContain(database)
      await cleanup.run() // nothing left to do: a second run is a no-op
    } finally {
      await admin.disconnect()
      await mongo.close()
    }
  })
})
