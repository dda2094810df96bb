import Foundation
import NIOCore
import TableKit
import TableRender

/// An `application/x-www-form-urlencoded` body, parsed strictly: a malformed percent escape,
/// text that is not UTF-8 or a name given twice is an error the user hears about, not a guess.
struct FormBody: Sendable {
    private(set) var fields: [String: String] = [:]

    init(_ text: String) throws(ServerError) {
        var text = text
        fields = try text.withUTF8 { Self.fields(in: $0) }.get()
    }

    /// A form post's fields, with the fields `names` from its action URL's query where the body
    /// lacks them: a button's `formaction` says what the page's one shared form cannot (the row
    /// a Move up passes). Nothing else is taken from a URL, which logs keep.
    init(_ text: String, query: String?, taking names: [String]) throws(ServerError) {
        try self.init(text)
        guard let query, !query.isEmpty else { return }
        let given = try FormBody(query).fields
        for name in names {
            guard let value = given[name] else { continue }
            // A button's address names it, the form's body does not: both is a script's, meaning one or the other.
            guard fields[name] == nil else {
                throw .badRequest("the form names \"\(name)\" both in its address and in its body; send it once")
            }
            fields[name] = value
        }
    }

    /// The fields of a form's UTF-8, split at `&` and at each pair's first `=`. The separators are
    /// ASCII, so every part between them is whole UTF-8 too: read as bytes, not as characters.
    private static func fields(in bytes: UnsafeBufferPointer<UInt8>) -> Result<[String: String], ServerError> {
        var fields: [String: String] = [:]
        fields.reserveCapacity(8)  // a form has a handful of fields
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                let pair = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.count
                guard let name = PercentDecoding.decode(UnsafeBufferPointer(rebasing: pair[..<equals]), plusIsSpace: true),
                      let value = equals == pair.count ? ""
                          : PercentDecoding.decode(UnsafeBufferPointer(rebasing: pair[(equals + 1)...]), plusIsSpace: true) else {
                    return .failure(.badRequest("the form has a malformed % escape or is not valid UTF-8"))
                }
                // A browser sends a name once (each control of these forms has its own); a
                // second one is a script's, and which of the two it means cannot be told. Not
                // so a row's switch or slider value (`on-KEY`, `value-KEY`): every one on the page
                // goes with any post, rows a data source gives one key post it twice, and only
                // the row acted on is read.
                guard fields.updateValue(value, forKey: name) == nil || Self.isRowControlValue(name) else {
                    return .failure(.badRequest("the form names \"\(DocumentText.cleaned(DocumentText.shortened(name, to: 40)))\" twice, "
                                                + "so which value is meant cannot be told; nothing was changed"))
                }
            }
            start = end + 1
        }
        return .success(fields)
    }

    /// Parses a body as it came: bytes that are not UTF-8 are refused, never repaired.
    init(_ body: ByteBuffer) throws(ServerError) {
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw .badRequest("the form is not valid UTF-8")
        }
        try self.init(text)
    }

    /// The value of row `key`'s switch (`on-KEY`, absent when off) and of its slider
    /// (`value-KEY`), as the accessory template names them.
    static func switchValue(of key: String) -> String { "on-" + key }
    static func sliderValue(of key: String) -> String { "value-" + key }

    private static func isRowControlValue(_ name: String) -> Bool {
        name.hasPrefix(switchValue(of: "")) || name.hasPrefix(sliderValue(of: ""))
    }

    subscript(name: String) -> String? { fields[name] }

    /// The field, or a 400 naming it.
    func required(_ name: String) throws(ServerError) -> String {
        guard let value = fields[name] else { throw .badRequest("the form has no \"\(name)\" field") }
        return value
    }

}
