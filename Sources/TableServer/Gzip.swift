import CZlib
import Foundation

/// gzip compression through zlib, for HTML responses to clients that accept it.
enum Gzip {
    /// `bytes` compressed in the gzip format, or `nil` if zlib refuses.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        guard tablestack_deflateInit_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}

/// gzip compression of a body sent in pieces: each piece is flushed (`Z_SYNC_FLUSH`) so that the
/// browser can show what has come, and the last one ends the stream.
final class GzipStream: @unchecked Sendable {
    private var stream = z_stream()
    private let isReady: Bool

    init(level: Int32 = 6) {
        isReady = tablestack_deflateInit_gzip(&stream, level) == Z_OK
    }

    deinit { if isReady { deflateEnd(&stream) } }

    /// `bytes` compressed, flushed to a byte boundary, or ending the stream when `isLast`.
    func compress(_ bytes: [UInt8], isLast: Bool) -> [UInt8] {
        guard isReady else { return [] }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4_096, Int(deflateBound(&stream, uLong(bytes.count))) + 64))
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    _ = deflate(&stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
                    return chunkBuffer.count - Int(stream.avail_out)
                }
                output += chunk.prefix(produced)
            } while stream.avail_out == 0
        }
        return output
    }
}
