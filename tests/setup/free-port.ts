import net from 'node:net'

/** A free TCP port on the loopback interface, chosen by the kernel (nothing listens on it once this returns). */
export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
