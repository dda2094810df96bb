import CZlib
import Foundation
import NIOCore
import TableRender

/// Compresses a page that is sent while it is rendered, in `SplicedPage`'s gzip form: the part
/// before the form token, the token as a stored block, the rest as one raw deflate stream flushed
/// piece by piece. What it sends is one ordinary gzip member; what it keeps (the compressed parts
/// without the token) is a `SplicedPage` that later requests of any session can be answered from.
///
/// The token may stand in the first piece only, once; anywhere else it is written in place and
/// the page is not kept (it would carry one session's token). One response's body uses it, one
/// piece after another, hence unchecked.
final class SplicedGzipStream: @unchecked Sendable {
    private let placeholder: String
    private let token: [UInt8]
    private var stream = GzipStream(raw: true)
    private var compressed: [ByteBuffer] = []
    private var checksums: [UInt] = []
    private var lengths: [Int] = []
    /// Whether the page can still be kept.
    private var isKeepable = true

    init(placeholder: String, token: String) {
        self.placeholder = placeholder
        self.token = Array(token.utf8)
    }

    /// The bytes to send for the next piece of the page; `isLast` ends the member with its
    /// trailer. `nil` if zlib refuses.
    func send(_ text: String, isLast: Bool) -> ByteBuffer? {
        var output = ByteBuffer()
        let pieces = TextSplice.parts(of: text, separatedBy: placeholder)
        var rest = pieces.count == 1 ? pieces[0] : Array(pieces.joined(separator: token))
        if lengths.isEmpty {
            output.writeImmutableBuffer(SplicedPage.gzipHeader)
            if pieces.count == 2, let stored = SplicedPage.storedBlock(token), let first = SplicedPage.deflate(pieces[0], final: false) {
                // The part before the token ends here; the token goes between as it is.
                compressed.append(ByteBuffer(bytes: first))
                checksums.append(SplicedPage.crc(pieces[0]))
                lengths.append(pieces[0].count)
                output.writeBytes(first)
                output.writeImmutableBuffer(stored)
                rest = pieces[1]
            } else if pieces.count > 1 {
                isKeepable = false
            }
            compressed.append(ByteBuffer())
            checksums.append(0)
            lengths.append(0)
        } else if pieces.count > 1 {
            isKeepable = false
        }
        guard let piece = stream.compress(rest, isLast: isLast) else { return nil }
        let last = lengths.count - 1
        checksums[last] = SplicedPage.crc(rest, from: checksums[last])
        lengths[last] += rest.count
        compressed[last].writeBytes(piece)
        output.writeBytes(piece)
        if isLast { output.writeImmutableBuffer(SplicedPage.gzipTrailer(checksum: wholeChecksum, length: wholeLength)) }
        return output
    }

    /// The page to keep once its last piece is sent, or `nil` when it cannot be kept.
    var page: SplicedPage? {
        guard isKeepable else { return nil }
        return SplicedPage(compressed: .init(parts: compressed, checksums: checksums), lengths: lengths)
    }

    private var wholeChecksum: UInt {
        var checksum = checksums[0]
        let tokenChecksum = SplicedPage.crc(token)
        for index in checksums.indices.dropFirst() {
            checksum = tablestack_crc32_combine(checksum, tokenChecksum, token.count)
            checksum = tablestack_crc32_combine(checksum, checksums[index], lengths[index])
        }
        return checksum
    }

    private var wholeLength: Int { lengths.reduce(0, +) + token.count * (lengths.count - 1) }
}
