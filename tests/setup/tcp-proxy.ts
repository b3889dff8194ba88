import net from 'node:net'

/**
 * A TCP relay between the app and one of its services, which a test can cut
 * (every connection reset, new ones refused) and mend on the same port: an
 * outage of the database or the file store, seen from the app.
 */
export async function startTcpProxy(targetPort: number) {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  let server: net.Server | undefined
  async function listen(port: number) {
    server = net.createServer((client) => {
      const upstream = net.connect(targetPort, '127.0.0.1')
      track(client)
      track(upstream)
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    })
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    return (server.address() as net.AddressInfo).port
  }
  const port = await listen(0)
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve))
      for (const socket of sockets) socket.resetAndDestroy()
      await closed
    },
    mend: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server!.close(() => resolve(undefined)))
    },
  }
}
