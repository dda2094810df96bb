import Testing
@testable import TableServer

@Suite("The pool of random bytes")
struct RandomPoolTests {
    @Test("the random pool gives each byte out once and draws again when it runs dry")
    func randomPool() {
        let pool = RandomPool(size: 32)
        func draw() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 16)
            bytes.withUnsafeMutableBytes { pool.fill($0) }
            return bytes
        }
        // Two draws empty the pool of 32 bytes; the third and the fifth refill it. No two draws are
        // equal unless bytes were handed out twice, and a refill that did not happen would give
        // the pool's wiped zeros.
        let draws = [draw(), draw(), draw(), draw(), draw()]
        #expect(Set(draws).count == draws.count)
        #expect(draws.allSatisfy { $0 != [UInt8](repeating: 0, count: 16) })
    }
}
