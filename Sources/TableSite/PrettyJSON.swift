import Foundation
import TableStore

/// Pretty-printed JSON as JSONEncoder writes it (`"key" : value`, two spaces a level, an empty
/// array or object with an empty line inside), written straight into bytes. Fields are written
/// in the order given; a field whose value is `nil` is left out, as an encoder leaves it out.
struct PrettyJSON {
    private(set) var bytes: [UInt8] = []
    private var indent = 0
    /// Whether the object or array being written has a member yet.
    private var hasMember = false

    init() {
        bytes.reserveCapacity(4096)
    }

    mutating func object(_ members: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        members(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout PrettyJSON, Element) -> Void) {
        open(UInt8(ascii: "["))
        for element in elements {
            member()
            write(&self, element)
        }
        close(UInt8(ascii: "]"))
    }

    /// A dictionary of strings, its keys in the order of their UTF-8 bytes.
    mutating func dictionary(_ values: [String: String]) {
        object { json in
            for (key, value) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) { json.field(key, value) }
        }
    }

    mutating func field(_ key: String, _ value: (inout PrettyJSON) -> Void) {
        member()
        string(key)
        bytes.append(contentsOf: " : ".utf8)
        value(&self)
    }

    mutating func field(_ key: String, _ value: String?) {
        if let value { field(key) { $0.string(value) } }
    }

    mutating func field(_ key: String, _ value: Bool?) {
        if let value { field(key) { $0.bytes.append(contentsOf: (value ? "true" : "false").utf8) } }
    }

    mutating func field(_ key: String, _ value: Int?) {
        if let value { field(key) { $0.bytes.append(contentsOf: String(value).utf8) } }
    }

    /// A number as the encoder writes it (asked of the encoder: a slider's value, seldom written).
    mutating func number(_ value: Double) {
        bytes.append(contentsOf: (try? JSONEncoder().encode(value)) ?? Data("null".utf8))
    }

    /// A string, escaped as the encoder escapes it without escaping slashes.
    mutating func string(_ text: String) {
        JSONText.append(string: text, to: &bytes, namingFeeds: true)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(UInt8(ascii: "\n"))
        indent += 2
        hasMember = false
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        // An empty one keeps its empty line, as the encoder writes it.
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        bytes.append(bracket)
        hasMember = true
    }

    /// Starts a member: a comma after the one before, a new line and the indent.
    private mutating func member() {
        if hasMember { bytes.append(contentsOf: ",\n".utf8) }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        hasMember = true
    }
}
