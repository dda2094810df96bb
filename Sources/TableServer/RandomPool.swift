import CSystemRandom
import Foundation

/// Random bytes from the kernel, drawn a few kilobytes at a time and handed out once each, so
/// that the session id every visitor without a cookie gets costs no system call of its own. The
/// bytes are as unpredictable as the kernel's; each byte given out is wiped from the pool.
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
                    // Only a kernel without getrandom (before Linux 3.17) refuses. (Called outside the
                    // precondition, which -Ounchecked would not evaluate.)
                    let status = tablestack_random_bytes(pool.baseAddress!, pool.count)
                    precondition(status == 0, "the kernel gave no random bytes")
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
