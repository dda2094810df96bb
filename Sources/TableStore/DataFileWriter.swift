import Foundation

/// Writes a document back as JSON in the same shape the reader takes: `key` first, attributes in
/// name order, then the item's lists in order.
public enum DataFileWriter {
    /// The document as pretty-printed JSON.
    public static func json(_ document: DataDocument) -> String {
        var output = "{\n"
        output += document.lists.enumerated().map { index, list in
            "  \(quote(list.name)): " + items(list.items, indent: 1)
        }.joined(separator: ",\n")
        return output + "\n}\n"
    }

    private static func items(_ items: [DataDocument.Item], indent: Int) -> String {
        guard !items.isEmpty else { return "[]" }
        let pad = String(repeating: "  ", count: indent + 1)
        let body = items.map { pad + item($0, indent: indent + 1) }.joined(separator: ",\n")
        return "[\n" + body + "\n" + String(repeating: "  ", count: indent) + "]"
    }

    private static func item(_ item: DataDocument.Item, indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        var fields = [pad + "\"key\": " + quote(item.key)]
        for (name, value) in item.attributes.sorted(by: { $0.key < $1.key }) {
            fields.append(pad + quote(name) + ": " + scalar(value))
        }
        for list in item.lists {
            fields.append(pad + quote(list.name) + ": " + items(list.items, indent: indent + 1))
        }
        return "{\n" + fields.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "}"
    }

    private static func scalar(_ value: AttributeValue) -> String {
        switch value {
        case let .string(text): quote(text)
        case let .number(number): number.isFinite ? value.description : "null"
        case let .bool(flag): flag ? "true" : "false"
        }
    }

    private static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONText.append(string: text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
