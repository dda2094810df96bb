import Foundation

extension SceneJSON {
    /// The twin as JSONEncoder writes it with sorted keys, pretty-printed and slashes left as they
    /// are, written by hand: the encoder's intermediate values took 8 µs a row, so a list of
    /// 50,000 rows took 400 ms to read as JSON. The keys are written in the order of their UTF-8
    /// bytes, as the encoder sorts them; the tests hold both outputs equal.
    public func encoded() -> Data {
        var json = PrettyJSON()
        json.object { json in
            json.field("footerTitle", footerTitle)
            json.field("headerStyle", headerStyle)
            json.field("headerTitle", headerTitle)
            json.field("isEditing", isEditing)
            json.field("notes") { json in json.array(notes) { json, note in json.string(note) } }
            json.field("path") { json in json.array(path) { json, segment in json.string(segment) } }
            json.field("revision", revision)
            if let sectionIndex {
                json.field("sectionIndex") { json in
                    json.array(sectionIndex) { json, entry in
                        json.object { json in
                            json.field("accessibilityLabel", entry.accessibilityLabel)
                            json.field("accessibilityLanguage", entry.accessibilityLanguage)
                            json.field("section", entry.section)
                            json.field("title", entry.title)
                        }
                    }
                }
            }
            json.field("sections") { json in json.array(sections) { json, section in section.write(to: &json) } }
            json.field("stack") { json in
                json.array(stack) { json, level in
                    json.object { json in
                        json.field("key", level.key)
                        json.field("scene", level.scene)
                        json.field("title", level.title)
                    }
                }
            }
            json.field("style", style)
            json.field("title", title)
        }
        return Data(json.bytes)
    }
}

extension SceneJSON.Section {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("footerTitle", footerTitle)
            if let footerView { json.field("footerView") { json in footerView.write(to: &json) } }
            json.field("headerTitle", headerTitle)
            if let headerView { json.field("headerView") { json in headerView.write(to: &json) } }
            json.field("index", index)
            json.field("rows") { json in json.array(rows) { json, row in row.write(to: &json) } }
        }
    }
}

extension SceneJSON.TemplateViewJSON {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("template", template)
            json.field("values") { json in json.dictionary(values) }
        }
    }
}

extension SceneJSON.Row {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("accessory", accessory)
            json.field("accessoryTemplate", accessoryTemplate)
            if let accessoryValues { json.field("accessoryValues") { json in json.dictionary(accessoryValues) } }
            json.field("canMoveDown", canMoveDown)
            json.field("canMoveUp", canMoveUp)
            json.field("canSwipeToDelete", canSwipeToDelete)
            json.field("deleteConfirmationTitle", deleteConfirmationTitle)
            json.field("detailText", detailText)
            json.field("editingAccessory", editingAccessory)
            json.field("editingStyle", editingStyle)
            json.field("height", height)
            json.field("heightIsEstimate", heightIsEstimate)
            json.field("highlights", highlights)
            json.field("indentationLevel", indentationLevel)
            json.field("indentsWhileEditing", indentsWhileEditing)
            json.field("indexPath", indexPath)
            json.field("insertionPlacement", insertionPlacement)
            json.field("isChecked", isChecked)
            json.field("isMovable", isMovable)
            json.field("isOn", isOn)
            json.field("isSelectable", isSelectable)
            json.field("key", key)
            json.field("style", style)
            json.field("template", template)
            if let templateValues { json.field("templateValues") { json in json.dictionary(templateValues) } }
            json.field("text", text)
            if let value { json.field("value") { json in json.number(value) } }
        }
    }
}

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
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                default:
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

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
