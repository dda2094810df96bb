import Foundation
import TableKit
import Yams

/// Reads YAML nodes into typed values, collecting every problem with its line and column instead
/// of stopping at the first.
struct YAMLReader {
    let file: String
    private(set) var problems: [AppDiagnostic] = []
    /// Advice the file goes against without being wrong.
    private(set) var warnings: [AppDiagnostic] = []

    init(file: String) { self.file = file }

    mutating func warn(_ node: Node?, _ message: String) {
        let mark = node?.mark
        warnings.append(AppDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: "warning: " + message))
    }

    mutating func fail(_ node: Node?, _ message: String) {
        let mark = node?.mark
        problems.append(AppDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    /// The fields of a mapping, reporting keys outside `allowed` (when given) and a node that is not a mapping.
    mutating func mapping(_ node: Node?, _ what: String, allowed: [String]? = nil) -> [(key: String, keyNode: Node, value: Node)]? {
        guard let node else { return nil }
        guard let mapping = node.mapping else {
            fail(node, "\(what) must be a mapping of keys to values")
            return nil
        }
        var fields: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                fail(keyNode, "keys in \(what) must be text")
                continue
            }
            if let allowed, !allowed.contains(key) {
                fail(keyNode, "unknown key \"\(key)\" in \(what)\(NearestName.hint(key, among: allowed)) (expected \(Self.list(allowed)))")
                continue
            }
            fields.append((key, keyNode, value))
        }
        return fields
    }

    /// A field of a mapping by name.
    func field(_ fields: [(key: String, keyNode: Node, value: Node)]?, _ name: String) -> Node? {
        fields?.first { $0.key == name }?.value
    }

    mutating func string(_ node: Node?, _ what: String) -> String? {
        guard let node else { return nil }
        guard let scalar = node.scalar else {
            fail(node, "\(what) must be text")
            return nil
        }
        // As an imported value: a control character would be replaced on the page without a word.
        if let disallowed = DocumentText.firstDisallowed(in: scalar.string) {
            fail(node, "\(what) holds the character \(DocumentText.name(disallowed)), which a page cannot show; remove it")
            return nil
        }
        // As form fields and imports have: a direction override the text leaves open would turn
        // around whatever the page shows after it (the site's name after a title).
        return DocumentText.closingDirections(scalar.string)
    }

    mutating func required(_ node: Node?, in parent: Node?, _ what: String) -> Node? {
        if node == nil { fail(parent, "\(what) is missing") }
        return node
    }

    mutating func bool(_ node: Node?, _ what: String) -> Bool? {
        guard let text = string(node, what) else { return nil }
        switch text {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(node, "\(what) must be true or false, not \"\(text)\"")
            return nil
        }
    }

    mutating func number(_ node: Node?, _ what: String) -> Double? {
        guard let text = string(node, what) else { return nil }
        guard let value = Double(text), value.isFinite else {
            fail(node, "\(what) must be a number, not \"\(text)\"")
            return nil
        }
        return value
    }

    mutating func integer(_ node: Node?, _ what: String, range: ClosedRange<Int>) -> Int? {
        guard let text = string(node, what) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            fail(node, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            return nil
        }
        return value
    }

    /// One of a fixed set of names, with the message the issue asks for:
    /// `unknown cell style "value3" (expected default, subtitle, value1 or value2)`.
    mutating func choice<T>(_ node: Node?, _ what: String, _ options: [(String, T)]) -> T? {
        guard let text = string(node, what) else { return nil }
        if let match = options.first(where: { $0.0 == text }) { return match.1 }
        fail(node, "unknown \(what) \"\(text)\"\(NearestName.hint(text, among: options.map(\.0))) (expected \(Self.list(options.map(\.0))))")
        return nil
    }

    mutating func sequence(_ node: Node?, _ what: String) -> [Node]? {
        guard let node else { return nil }
        guard let sequence = node.sequence else {
            fail(node, "\(what) must be a list")
            return nil
        }
        return Array(sequence)
    }

    /// The texts of a list, each with its node; one that repeats an earlier one is reported
    /// there (`choice "Easy" is listed twice`) and left out.
    mutating func distinctStrings(_ node: Node?, _ what: String, each: String) -> [(text: String, node: Node)] {
        var found: [(text: String, node: Node)] = []
        for item in sequence(node, what) ?? [] {
            guard let text = string(item, each) else { continue }
            guard !found.contains(where: { $0.text == text }) else {
                fail(item, "\(each) \"\(text)\" is listed twice")
                continue
            }
            found.append((text, item))
        }
        return found
    }

    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
