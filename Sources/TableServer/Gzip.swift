import CZlib
import Foundation

/// gzip compression through zlib, for HTML responses to clients that accept it.
enum Gzip {
    /// `bytes` compressed in the gzip format, or `nil` if zlib refuses.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        GzipStream(level: level).compress(bytes, isLast: true)
    }

    /// Whether a body of `count` bytes is worth compressing: a smaller one saves too little.
    static func isWorthCompressing(_ count: Int) -> Bool { count > 1024 }
}

/// gzip compression of a body sent in pieces: each piece is flushed (`Z_SYNC_FLUSH`) so that the
/// browser can show what has come, and the last one ends the stream. A whole body is one last piece.
/// `raw` leaves out gzip's header and trailer, for pieces of a member put together by hand.
final class GzipStream: @unchecked Sendable {
    private var stream = z_stream()
    private let isReady: Bool

    init(level: Int32 = 6, raw: Bool = false) {
        isReady = (raw ? tablestack_deflateInit_raw(&stream, level) : tablestack_deflateInit_gzip(&stream, level)) == Z_OK
    }

    deinit { if isReady { deflateEnd(&stream) } }

    /// `bytes` compressed, flushed to a byte boundary, or ending the stream when `isLast`; `nil` if
    /// zlib refuses.
    func compress(_ bytes: [UInt8], isLast: Bool) -> [UInt8]? {
        guard isReady else { return nil }
        var input = bytes
        var output: [UInt8] = []
        var status = Z_OK
        var chunk = [UInt8](repeating: 0, count: max(4_096, Int(deflateBound(&stream, uLong(bytes.count))) + 64))
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    status = deflate(&stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
                    return chunkBuffer.count - Int(stream.avail_out)
                }
                output += chunk.prefix(produced)
            } while stream.avail_out == 0 && (status == Z_OK || status == Z_BUF_ERROR)
        }
        guard isLast ? status == Z_STREAM_END : (status == Z_OK || status == Z_BUF_ERROR) else { return nil }
        return output
    }
}
