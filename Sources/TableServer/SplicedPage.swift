import CZlib
import Foundation
import NIOCore
import TableRender

/// A rendered page whose bytes are fixed except for one short value that differs per request (the
/// session's form token), kept as the parts around that value. Serving it copies nothing: the
/// response is the shared part buffers with the token between them.
///
/// Compressed, the page is served without compressing per request either: each part is its own
/// raw deflate stream flushed to a byte boundary (`Z_FULL_FLUSH`, so no part refers back into
/// another), the token goes between them as a stored block, and the gzip checksum of the whole is
/// combined from the parts' checksums. The result is one ordinary gzip member.
final class SplicedPage: @unchecked Sendable {
    /// The parts as they are, or `nil` for a page kept only compressed (see `init(compressed:)`).
    let parts: [ByteBuffer]?
    /// The parts' lengths uncompressed.
    let lengths: [Int]
    let byteCount: Int
    private let lock = NSLock()
    private var compressed: Compressed?

    /// The parts as raw deflate data (each but the last flushed to a byte boundary with no
    /// reference into another part), with the CRC-32 of each part uncompressed.
    struct Compressed {
        var parts: [ByteBuffer]
        var checksums: [UInt]
    }

    /// For each part, the run of short parts that starts there: their bytes, and the index of the
    /// long part that ends it (or the count of parts). A plain answer copies a run into one
    /// buffer with the tokens around it (`plain(token:)`).
    private let shortRuns: [(bytes: Int, end: Int)]

    /// The longest part copied into an answer's buffer rather than sent as the shared buffer it
    /// is: each buffer is one more write through the connection's handlers (about 5 k
    /// instructions), which is more than copying a part this long.
    static let longestCopied = 16 * 1024

    init(_ text: String, placeholder: String) {
        let parts = TextSplice.withParts(of: text, separatedBy: placeholder) { $0.map { ByteBuffer(bytes: $0) } }
        self.parts = parts
        lengths = parts.map(\.readableBytes)
        byteCount = lengths.reduce(0, +)
        shortRuns = Self.shortRuns(lengths)
    }

    /// A page known only compressed, as a streamed page is kept: it can answer gzip requests only.
    init(compressed: Compressed, lengths: [Int]) {
        parts = nil
        self.compressed = compressed
        self.lengths = lengths
        byteCount = lengths.reduce(0, +)
        shortRuns = Self.shortRuns(lengths)
    }

    private static func shortRuns(_ lengths: [Int]) -> [(bytes: Int, end: Int)] {
        var runs = [(bytes: Int, end: Int)](repeating: (0, lengths.count), count: lengths.count)
        var following = (bytes: 0, end: lengths.count)
        for index in lengths.indices.reversed() {
            following = lengths[index] <= longestCopied ? (following.bytes + lengths[index], following.end) : (0, index)
            runs[index] = following
        }
        return runs
    }

    /// Whether the page holds the token anywhere.
    var hasToken: Bool { lengths.count > 1 }

    /// The page's bytes with `token` in its places; `nil` for a page kept only compressed.
    /// Short parts go into one buffer with the tokens around them, long ones as they are kept
    /// (`longestCopied`): a page whose token sits in its first lines is two buffers, and one
    /// whose templates put it in many places at most two buffers a long part, plus one.
    func plain(token: String) -> [ByteBuffer]? {
        guard let parts else { return nil }
        guard hasToken else { return parts }
        var token = token
        return token.withUTF8 { token in
            var buffers: [ByteBuffer] = []
            var copied: ByteBuffer?
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    // The token before this part: into the buffer being filled, or a new one.
                    if copied == nil { copied = Self.buffer(for: shortRuns[index], from: index, token: token.count, startsWithToken: true) }
                    copied?.writeBytes(token)
                }
                if part.readableBytes <= Self.longestCopied {
                    if copied == nil { copied = Self.buffer(for: shortRuns[index], from: index, token: token.count, startsWithToken: false) }
                    copied?.writeImmutableBuffer(part)
                } else {
                    if let filled = copied.take() { buffers.append(filled) }
                    buffers.append(part)
                }
            }
            if let filled = copied { buffers.append(filled) }
            return buffers
        }
    }

    /// An empty buffer with room for `run` (the short parts from `index`) and the tokens it
    /// takes: one between each two of its parts, one before the long part that may end it, and
    /// the one before its first part when the buffer starts with it.
    private static func buffer(for run: (bytes: Int, end: Int), from index: Int, token: Int, startsWithToken: Bool) -> ByteBuffer {
        let tokens = max(0, run.end - index - 1) + (startsWithToken ? 1 : 0) + (run.end > index ? 1 : 0)
        return ByteBufferAllocator().buffer(capacity: run.bytes + token * tokens)
    }

    /// How long the page is with `token` in its places.
    func length(token: String) -> Int { byteCount + token.utf8.count * (lengths.count - 1) }

    /// The page gzip-compressed with `token` in its places; the parts are compressed once, on the
    /// first request that asks for it. `nil` if zlib refuses.
    func gzip(token: String) -> [ByteBuffer]? {
        guard let compressed = compressedParts() else { return nil }
        let tokenBytes = Array(token.utf8)
        guard let stored = Self.storedBlock(tokenBytes) else { return nil }
        var checksum = compressed.checksums[0]
        let tokenChecksum = Self.crc(tokenBytes)
        for index in lengths.indices.dropFirst() {
            checksum = tablestack_crc32_combine(checksum, tokenChecksum, tokenBytes.count)
            checksum = tablestack_crc32_combine(checksum, compressed.checksums[index], lengths[index])
        }
        return [Self.gzipHeader] + interleave(compressed.parts, with: stored)
            + [Self.gzipTrailer(checksum: checksum, length: self.length(token: token))]
    }

    /// The ten bytes that open a gzip member (deflate, no name, no time, Unix).
    static let gzipHeader = ByteBuffer(bytes: [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3])

    /// The eight bytes that close a gzip member: the CRC-32 and the length of what it holds.
    static func gzipTrailer(checksum: UInt, length: Int) -> ByteBuffer {
        var trailer = ByteBuffer()
        trailer.writeInteger(UInt32(truncatingIfNeeded: checksum), endianness: .little)
        trailer.writeInteger(UInt32(truncatingIfNeeded: length), endianness: .little)
        return trailer
    }

    /// `bytes` as a stored deflate block (BFINAL 0, BTYPE 00, LEN, NLEN, the bytes), placed on a
    /// byte boundary between parts; `nil` when longer than a stored block holds.
    static func storedBlock(_ bytes: [UInt8]) -> ByteBuffer? {
        guard bytes.count <= 0xFFFF else { return nil }
        let length = UInt16(bytes.count)
        var stored = ByteBuffer(bytes: [0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        stored.writeBytes(bytes)
        return stored
    }

    /// Whether a gzip answer is worth making (`Gzip.isWorthCompressing`).
    var isWorthCompressing: Bool { Gzip.isWorthCompressing(byteCount) }

    /// Whether a gzip answer would compress the parts first (the first one asked for).
    var needsDeflating: Bool { isWorthCompressing && lock.withLock { compressed == nil } }

    private func compressedParts() -> Compressed? {
        lock.lock()
        defer { lock.unlock() }
        if let compressed { return compressed }
        guard let parts else { return nil }
        var deflated: [ByteBuffer] = []
        var checksums: [UInt] = []
        for (index, part) in parts.enumerated() {
            let bytes = Array(part.readableBytesView)
            guard let compressed = Self.deflate(bytes, final: index == parts.count - 1) else { return nil }
            deflated.append(ByteBuffer(bytes: compressed))
            checksums.append(Self.crc(bytes))
        }
        let made = Compressed(parts: deflated, checksums: checksums)
        compressed = made
        return made
    }

    private func interleave(_ parts: [ByteBuffer], with separator: ByteBuffer) -> [ByteBuffer] {
        var result: [ByteBuffer] = []
        result.reserveCapacity(parts.count * 2 - 1)
        for (index, part) in parts.enumerated() {
            if index > 0 { result.append(separator) }
            result.append(part)
        }
        return result
    }

    /// `bytes` as raw deflate data: ending the stream when `final`, else flushed to a byte
    /// boundary with no reference past it, so more blocks may follow.
    static func deflate(_ bytes: [UInt8], final: Bool, level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        guard tablestack_deflateInit_raw(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let (status, left): (Int32, uInt) = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return (CZlib.deflate(&stream, final ? Z_FINISH : Z_FULL_FLUSH), stream.avail_out)
            }
        }
        guard final ? status == Z_STREAM_END : (status == Z_OK && left > 0) else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// The CRC-32 of `bytes`, continuing from `start` (the CRC of what came before them).
    static func crc(_ bytes: [UInt8], from start: UInt = 0) -> UInt {
        bytes.withUnsafeBufferPointer { CZlib.crc32(start, $0.baseAddress, uInt($0.count)) }
    }
}
