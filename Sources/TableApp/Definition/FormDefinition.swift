import Foundation
import TableKit
import TableStore

/// A form: the Add sheet of a list, or the fields of a detail scene.
public struct FormDefinition: Sendable {
    public var title: String
    public var fields: [FieldDefinition]
}

/// One typed field with its validation.
public struct FieldDefinition: Sendable {
    /// The kinds of value a field holds.
    public enum Kind: String, Sendable, CaseIterable {
        case text, number, toggle = "switch", slider, choice
    }

    public var attribute: String
    public var label: String
    public var kind: Kind
    public var isRequired: Bool
    public var maximumLength: Int
    public var minimum: Double?
    public var maximum: Double?
    public var choices: [String]
    public var defaultValue: String?
    /// Text shown after a number (a unit).
    public var unit: String?

    /// The names a sheet's form posts for itself beside its fields (its token, the revision it
    /// was shown at, editing mode, the row), and the prefix of the values a detail form started
    /// from: no field may take one, or its value could not be told from theirs.
    public static let formControls: Set<String> = ["csrf", "revision", "editing", "key"]
    /// The prefix of a detail form's hidden fields that carry the values it started from.
    public static let originalPrefix = "original-"

    /// Checks what the user typed: the stored value, or a message for the field.
    public func validate(_ input: String?) -> Result<AttributeValue, FieldError> {
        var text = (input ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        switch kind {
        case .text:
            // A one-line box keeps a tab pasted from a spreadsheet's cell; the page shows it as
            // a space, so it is stored as one.
            if text.utf8.contains(0x09) { text = text.replacingOccurrences(of: "\t", with: " ") }
            // One spelling for what reads the same (NFC), and none of the marks that show
            // nothing (a byte order mark, joiners) at either end.
            let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
            if !isASCII { text = Self.trimmedOfInvisibles(text.precomposedStringWithCanonicalMapping) }
            if text.isEmpty, isRequired { return .failure(FieldError("\(label) cannot be empty.")) }
            if text.count > maximumLength { return .failure(FieldError("\(label) is longer than \(maximumLength) characters.")) }
            // Unicode's line and paragraph separators break a line as a line feed does.
            if let scalar = text.unicodeScalars.first(where: {
                !DocumentText.isAllowed($0) || [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
            }) {
                return .failure(FieldError("\(label) cannot hold the character \(DocumentText.name(scalar)) (a control character, line break or noncharacter)."))
            }
            if !isASCII, DocumentText.holdsOverstackedCharacter(text) {
                return .failure(FieldError("\(label) cannot hold a character built of more than \(DocumentText.mostScalarsInCharacter) code points (marks piled on one letter); remove some of the marks."))
            }
            if isRequired, text.unicodeScalars.allSatisfy(Self.showsNothing) {
                return .failure(FieldError("\(label) cannot be empty: it holds only characters that show nothing."))
            }
            // (The ends added here count against no limit: they were not typed.)
            return .success(.string(isASCII ? text : DocumentText.closingDirections(text)))
        case .number, .slider:
            if text.isEmpty, !isRequired, kind == .number { return .success(.string("")) }
            let number: Double
            switch DecimalNumber.read(text) {
            case let .value(value): number = value
            case .notANumber: return .failure(FieldError("\(label) must be a number."))
            case let .refused(why): return .failure(FieldError("\(label) \(why)."))
            }
            if let minimum, number < minimum { return .failure(FieldError("\(label) must be at least \(Self.format(minimum)).")) }
            if let maximum, number > maximum { return .failure(FieldError("\(label) must be at most \(Self.format(maximum)).")) }
            return .success(.number(number))
        case .toggle:
            guard let isOn = Self.switchValue(text) else { return .failure(FieldError("\(label) must be on or off.")) }
            return .success(.bool(isOn))
        case .choice:
            guard choices.contains(text) else {
                return .failure(FieldError("\(label) must be one of \(choices.joined(separator: ", "))."))
            }
            return .success(.string(text))
        }
    }

    static func format(_ number: Double) -> String { AttributeValue.number(number).description }

    /// `input` for a new item with the default of each of `fields` that it says nothing of, as
    /// the Add sheet shows them (a script's post, a batch's insert); not a switch's, which a
    /// browser leaves out when it is off.
    public static func withDefaults(_ input: [String: String], for fields: [FieldDefinition]) -> [String: String] {
        var given = input
        for field in fields where field.kind != .toggle && given[field.attribute] == nil {
            if let value = field.defaultValue { given[field.attribute] = value }
        }
        return given
    }

    /// Whether `scalar` shows nothing by itself: a space, a format or control character, a mark
    /// that only changes the letter before it, one of Unicode's default-ignorable characters
    /// (joiners, a Hangul filler) or the blank braille pattern. Anything else shows, a letter
    /// newer than this build's Unicode tables or one of a private font included.
    static func showsNothing(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isWhitespace || scalar == "\u{2800}" { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `text` without whitespace, byte order marks, zero-width characters, soft hyphens or
    /// direction controls at either end, but for an embedding, override or isolate the trimmed
    /// start leaves open: it turns the text after it, so it is kept. (Not variation selectors or
    /// tags, which end emoji.)
    private static func trimmedOfInvisibles(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isEdge = { (scalar: Unicode.Scalar) in
            switch scalar.value {
            case 0xAD, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
            default: scalar.properties.isWhitespace
            }
        }
        guard let first = scalars.firstIndex(where: { !isEdge($0) }), let last = scalars.lastIndex(where: { !isEdge($0) }) else { return "" }
        var kept = String.UnicodeScalarView(DocumentText.openDirections(scalars[..<first]))
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// What a switch's text means: on for `on`, `true` or `1`, off for `off`, `false`, `0` or
    /// nothing, in any case (a script's `ON` means what the form's `on` does); `nil` otherwise.
    public static func switchValue(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "on", "true", "1": true
        case "", "off", "false", "0": false
        default: nil
        }
    }

    /// Whether a detail form's post changes this field: its value (`fields`, nothing for a switch
    /// left off) differs from the one the form showed (`originals`), or, for a post that does not
    /// say what its form showed (a script's), it sends a value at all.
    public func isChanged(in fields: [String: String], originals: [String: String]) -> Bool {
        guard let original = originals[attribute] else { return fields[attribute] != nil }
        // A switch left off sends nothing; every other field a form shows sends its value, even
        // empty, so one left out of the post is not taken for one emptied.
        guard let sent = fields[attribute] ?? (kind == .toggle ? "" : nil) else { return false }
        // A value stored with line breaks (imported) comes back from a one-line text box
        // without them (HTML's value sanitization): that is the field left as it was.
        let shown = Self.lineBreaksAsLF(original)
        return Self.lineBreaksAsLF(sent) != shown && !(kind == .text && sent == shown.filter { $0 != "\n" })
    }

    /// Whether the value the form showed (`original`, as a browser sends it back) is the value
    /// `stored` now reads as, so that nobody else changed the field since.
    public func isUnchanged(since original: String, storedNow stored: AttributeValue?) -> Bool {
        Self.lineBreaksAsLF(formValue(of: stored)) == Self.lineBreaksAsLF(original)
    }

    /// `text` with its line breaks as one LF each: a browser sends every one as CRLF.
    private static func lineBreaksAsLF(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The stored value as the field's form shows and sends it: a switch as `on` or nothing.
    public func formValue(of stored: AttributeValue?) -> String {
        kind == .toggle ? (stored?.bool == true ? "on" : "") : stored?.description ?? ""
    }
}

/// Why a field's input was refused, worded for the person who typed it.
public struct FieldError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
