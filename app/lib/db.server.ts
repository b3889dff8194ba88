import { connectDatabase } from '#db/connect.ts'
import { config } from './env.server.ts'
import { singleton } from './singleton.server.ts'

export const database = singleton('database', () => connectDatabase(config.database))

export const db = database.db
