import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Random bytes from the operating system, drawn a few kilobytes at a time and handed out once
/// each. Every visitor without a cookie gets a new session id, and a system call per id was a
/// large part of answering a warm page to one. The bytes are as unpredictable as the system's;
/// each byte given out is wiped from the pool.
final class RandomPool: @unchecked Sendable {
    static let shared = RandomPool()

    private let lock = NSLock()
    private var pool: [UInt8]
    /// Where the bytes not yet given out begin.
    private var next: Int

    init(size: Int = 4096) {
        pool = [UInt8](repeating: 0, count: size)
        next = size
    }

    /// Fills `buffer` (at most the pool's size) with random bytes given to no one else.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        lock.withLock {
            pool.withUnsafeMutableBytes { pool in
                precondition(buffer.count <= pool.count, "asked for more random bytes than the pool holds")
                if next + buffer.count > pool.count {
                    arc4random_buf(pool.baseAddress!, pool.count)
                    next = 0
                }
                let taken = UnsafeMutableRawBufferPointer(rebasing: pool[next..<next + buffer.count])
                buffer.copyMemory(from: UnsafeRawBufferPointer(taken))
                taken.initializeMemory(as: UInt8.self, repeating: 0)
                next += buffer.count
            }
        }
    }
}
