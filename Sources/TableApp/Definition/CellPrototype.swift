import Foundation
import TableKit
import TableStore

/// A prototype cell: how an item becomes a row.
public struct CellPrototype: Sendable {
    public var style: CellStyle
    public var text: TextFormat
    public var detail: TextFormat?
    /// A format giving the image path (relative to the public folder).
    public var image: TextFormat?
    public var accessory: AccessoryKind
    /// What the row shows at its right edge in editing mode instead (`editingAccessoryType`).
    public var editingAccessory: AccessoryKind = .none
    /// The item attribute a switch in each row shows and sets (a list of alarms, each with its
    /// own switch); `nil` for none.
    public var toggleAttribute: String?
    public var indentationLevel: Int
    /// The highlight a tapped row shows; it does not decide whether the row can be selected.
    public var selectionStyle: SelectionStyle
    /// Whether the row can be selected (`selectable:` in the app file; the delegate's
    /// `willSelectRow` refuses the others).
    public var isSelectable: Bool
    /// The app's template drawing the row (`template:`, `cells/NAME`): a custom cell.
    public var template: String?
    /// The app's template drawing the accessory (`accessoryView:`, `accessories/NAME`).
    public var accessoryView: String?
    /// The row's height (`height:` or `estimatedHeight:`); `nil` sizes it to its content.
    public var rowHeight: RowHeight?
    /// The item attribute a slider in each row shows and sets, with its range.
    public var slider: SliderBinding?

    /// Makes a prototype.
    public init(style: CellStyle = .default, text: TextFormat, detail: TextFormat? = nil, image: TextFormat? = nil,
                accessory: AccessoryKind = .none, indentationLevel: Int = 0, selectionStyle: SelectionStyle = .default,
                isSelectable: Bool = true) {
        self.style = style
        self.text = text
        self.detail = detail
        self.image = image
        self.accessory = accessory
        self.indentationLevel = indentationLevel
        self.selectionStyle = selectionStyle
        self.isSelectable = isSelectable
    }

    /// The cell for `item` (or for no item, for fixed cells).
    func cell(key: String, item: StoredItem?, accessory: Accessory? = nil) -> Cell {
        let attributes = item?.attributes ?? [:]
        var shown = accessory ?? Self.simpleAccessory(self.accessory)
        var selectionStyle = selectionStyle
        let text = text.render(attributes)
        let detailText = detail.map { $0.render(attributes) }
        // The templates see every attribute as text, and the cell's own texts as `text` and
        // `detail` where no attribute has those names.
        let values = (template != nil || accessoryView != nil) ? Self.templateValues(attributes, text: text, detail: detailText) : [:]
        if accessory == nil, let toggleAttribute {
            shown = .toggle(isOn: attributes[toggleAttribute]?.bool ?? false)
            // Listing 6-2: a row holding a switch does not highlight.
            selectionStyle = .none
        } else if accessory == nil, let slider {
            shown = slider.accessory(showing: attributes[slider.attribute]?.number)
            selectionStyle = .none
        } else if accessory == nil, let accessoryView {
            shown = .custom(TemplateView(name: accessoryView, values: values))
        }
        return Cell(key: key, text: text, detailText: detailText,
                    image: image.map { CellImage(source: $0.render(attributes)) }, style: style,
                    accessory: shown, editingAccessory: Self.simpleAccessory(editingAccessory),
                    indentationLevel: indentationLevel, selectionStyle: selectionStyle,
                    customView: template.map { TemplateView(name: $0, values: values) }, rowHeight: rowHeight)
    }

    static func templateValues(_ attributes: [String: AttributeValue], text: String, detail: String?) -> [String: String] {
        var values = ["text": text]
        if let detail { values["detail"] = detail }
        for (name, value) in attributes { values[name] = value.description }
        return values
    }

    static func simpleAccessory(_ kind: AccessoryKind) -> Accessory {
        switch kind {
        case .disclosureIndicator: .disclosureIndicator
        case .detailDisclosureButton: .detailDisclosureButton
        case .detailButton: .detailButton
        case .checkmark: .checkmark
        case .none, .toggle, .slider, .custom: .none
        }
    }
}

/// Text with `{attribute}` placeholders filled from an item; `{{` and `}}` stand for braces.
/// `{attribute, number}` shows a number with the locale's digit grouping (5,024,279 in English).
public struct TextFormat: Sendable, Hashable, CustomStringConvertible {
    enum Part: Sendable, Hashable {
        case literal(String)
        case attribute(String)
        case number(String)
    }

    let parts: [Part]
    /// The locale of `{attribute, number}`.
    let locale: Locale
    public let description: String

    /// Parses a format; `nil` with the column of the problem when a brace is left open.
    public init(_ text: String, locale: Locale = Locale(identifier: "en")) throws(FormatError) {
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    throw FormatError(column: text.distance(from: text.startIndex, to: index), message: "a { is never closed")
                }
                let pieces = text[next..<close].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                let name = pieces[0].trimmingCharacters(in: .whitespaces)
                let style = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : nil
                guard !name.isEmpty else {
                    throw FormatError(column: text.distance(from: text.startIndex, to: index), message: "an empty {} names no attribute")
                }
                guard style == nil || style == "number" else {
                    throw FormatError(column: text.distance(from: text.startIndex, to: index),
                                      message: "unknown style \"\(style ?? "")\" for {\(name)} (expected number)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(style == nil ? .attribute(name) : .number(name))
                index = text.index(after: close)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        self.locale = locale
        self.description = text
    }

    /// The attributes the format reads.
    public var attributes: [String] {
        parts.compactMap {
            switch $0 {
            case let .attribute(name), let .number(name): name
            case .literal: nil
            }
        }
    }

    /// The text with each placeholder replaced by the attribute's value (empty when missing).
    public func render(_ attributes: [String: AttributeValue]) -> String {
        // Most formats are one placeholder ("{name}"), rendered for every row of a list: its
        // text as it is, with no array of parts to join.
        if parts.count == 1 { return text(of: parts[0], in: attributes) }
        var rendered = ""
        for part in parts { rendered += text(of: part, in: attributes) }
        return rendered
    }

    private func text(of part: Part, in attributes: [String: AttributeValue]) -> String {
        switch part {
        case let .literal(text): text
        case let .attribute(name): attributes[name]?.description ?? ""
        case let .number(name):
            if case let .number(value)? = attributes[name] { grouped(value) } else { attributes[name]?.description ?? "" }
        }
    }

    /// `value` with the locale's grouping and decimal separators, at most two decimals.
    private func grouped(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return AttributeValue.number(value).description }
        let style = FloatingPointFormatStyle<Double>.number.locale(locale).precision(.fractionLength(0...2))
        let text = value.formatted(style)
        // A value shown as 0 (-0, -0.001) has no minus sign: digits of any script are read.
        return text.contains { ($0.wholeNumberValue ?? 0) != 0 } ? text : Double(0).formatted(style)
    }

    /// An error in a format, with the column (from 0) inside the format.
    public struct FormatError: Error, Sendable {
        public var column: Int
        public var message: String
    }
}
