import Foundation
import NIOCore
import TableRender

/// An `application/x-www-form-urlencoded` body, parsed strictly: a malformed percent escape or
/// text that is not UTF-8 is an error the user hears about, not a guess.
struct FormBody: Sendable {
    private(set) var fields: [String: String] = [:]

    init(_ text: String) throws(ServerError) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            fields[name] = value
        }
    }

    /// Parses a body as it came: bytes that are not UTF-8 are refused, never repaired.
    init(_ body: ByteBuffer) throws(ServerError) {
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw .badRequest("the form is not valid UTF-8")
        }
        try self.init(text)
    }

    subscript(name: String) -> String? { fields[name] }

    /// The field, or a 400 naming it.
    func required(_ name: String) throws(ServerError) -> String {
        guard let value = fields[name] else { throw .badRequest("the form has no \"\(name)\" field") }
        return value
    }

    static func decode(_ text: Substring) throws(ServerError) -> String {
        guard let decoded = text.removingPercentEncodingStrictly(plusIsSpace: true) else {
            throw .badRequest("the form has a malformed % escape or is not valid UTF-8")
        }
        return decoded
    }
}
