import Foundation
import TableKit

/// A request body's `Content-Type` (RFC 9110, 8.3): its media type, compared without case, and
/// the character set it names. This server reads bodies as UTF-8 only: a form a page was told to
/// send in ISO 8859-1 has bytes that would be read as other letters, or not at all.
struct ContentType {
    /// The type and subtype, lower-cased: `application/x-www-form-urlencoded`.
    private(set) var mediaType: String
    /// The `charset` parameter, lower-cased and unquoted, if there is one.
    private(set) var charset: String?

    init(_ header: String) {
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        mediaType = parts.next().map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        while let parameter = parts.next() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            charset = value.lowercased()
        }
    }

    /// Refuses with a 415 a body that is not of `expected` (lower-case), or not in UTF-8 (ASCII is
    /// UTF-8's first half). `refusal` says what was expected, given what was sent.
    static func require(_ header: String, is expected: String, refusal: (String) -> String) throws(ServerError) {
        // What browsers send for a form, without a word to parse.
        if header == expected { return }
        let type = ContentType(header)
        guard type.mediaType == expected else { throw .unsupportedMediaType(refusal(header)) }
        if let charset = type.charset, !["utf-8", "utf8", "us-ascii"].contains(charset) {
            throw .unsupportedMediaType("The body is sent in the character set \"\(DocumentText.shortened(charset, to: 40))\"; "
                                        + "this server reads only UTF-8, so nothing was changed.")
        }
    }
}
