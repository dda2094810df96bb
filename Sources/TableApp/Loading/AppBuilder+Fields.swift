import Foundation
import TableKit
import TableStore
import Yams

extension AppBuilder {
    /// The fields of one form; one whose attribute an earlier field of the form has (in
    /// `attributes`) is refused there, since the form would post both under one name.
    mutating func formFields(_ nodes: [Node], attributes: inout Set<String>) -> [FieldDefinition] {
        nodes.compactMap { node in
            guard let field = field(node) else { return nil }
            guard attributes.insert(field.attribute).inserted else {
                reader.fail(node, "attribute \"\(field.attribute)\" has a field already in this form: both would post under that name, so the form could not be sent")
                return nil
            }
            return field
        }
    }

    /// A typed field of an Add sheet or a detail form, with its rules; a rule no input could
    /// meet (min above max, a default the field itself refuses) is reported where it is written.
    mutating func field(_ node: Node) -> FieldDefinition? {
        let allowed = ["attribute", "label", "type", "required", "maxLength", "min", "max", "choices", "default", "unit"]
        guard let fields = reader.mapping(node, "a field", allowed: allowed) else { return nil }
        let attributeNode = reader.field(fields, "attribute")
        let attribute = reader.string(reader.required(attributeNode, in: node, "the field's attribute"), "attribute") ?? ""
        if FieldDefinition.formControls.contains(attribute) || attribute.hasPrefix(FieldDefinition.originalPrefix) {
            reader.fail(attributeNode, "attribute \"\(attribute)\" is a name the forms post for themselves "
                        + "(\(FieldDefinition.formControls.sorted().joined(separator: ", ")) and \(FieldDefinition.originalPrefix)…), "
                        + "so what is typed in it could not be told from theirs; give the attribute another name")
        }
        let kind = reader.choice(reader.field(fields, "type"), "field type", FieldDefinition.Kind.allCases.map { ($0.rawValue, $0) }) ?? .text
        let choicesNode = reader.field(fields, "choices")
        let choiceEntries = reader.distinctStrings(choicesNode, "choices", each: "choice")
        // The form trims what it is sent, so such a choice could never be the one chosen.
        for (text, node) in choiceEntries where kind == .choice && text != text.trimmingCharacters(in: .whitespacesAndNewlines) {
            // Written as Swift writes a string (a tab as \t), so the problem shows and stays on its line.
            reader.fail(node, "choice \(String(reflecting: DocumentText.cleaned(text))) begins or ends with white space, "
                        + "which a form's input never does, so it could never be chosen")
        }
        let choices = choiceEntries.map(\.text)
        if kind == .choice, choices.isEmpty { reader.fail(choicesNode ?? node, "a choice field needs choices") }
        let (minimumNode, defaultNode) = (reader.field(fields, "min"), reader.field(fields, "default"))
        let field = FieldDefinition(
            attribute: attribute, label: reader.string(reader.field(fields, "label"), "label") ?? attribute.capitalized,
            kind: kind, isRequired: reader.bool(reader.field(fields, "required"), "required") ?? false,
            maximumLength: reader.integer(reader.field(fields, "maxLength"), "maxLength", range: 1...10_000) ?? 200,
            minimum: reader.number(minimumNode, "min"), maximum: reader.number(reader.field(fields, "max"), "max"),
            choices: choices, defaultValue: reader.string(defaultNode, "default"),
            unit: reader.string(reader.field(fields, "unit"), "unit"))
        if let minimum = field.minimum, let maximum = field.maximum, minimum > maximum {
            reader.fail(minimumNode, "min \(FieldDefinition.format(minimum)) is more than max \(FieldDefinition.format(maximum)): no number could be saved")
        }
        // A default the field itself refuses is dropped from every new item without a word.
        if let value = field.defaultValue, !value.isEmpty, case let .failure(refusal) = field.validate(value) {
            reader.fail(defaultNode, "the default \"\(value)\" is one the field refuses: \(refusal.message)")
        }
        return field
    }
}
