import Foundation

/// What a cell shows at its right edge (`accessoryType` or `accessoryView`).
public enum Accessory: Sendable, Hashable, Codable {
    /// Nothing.
    case none
    /// A chevron: selecting the row shows the next level of the hierarchy.
    case disclosureIndicator
    /// A separate ⓘ button that opens the item's detail, apart from the row's own action, with
    /// the chevron of a row that leads on.
    case detailDisclosureButton
    /// The ⓘ button alone (`detailButton`): the item's detail, for a row that leads nowhere itself.
    case detailButton
    /// A checkmark: the row is chosen in a selection list.
    case checkmark
    /// An on/off switch control (`UISwitch`).
    case toggle(isOn: Bool)
    /// A slider control (`UISlider`) with its range and current value.
    case slider(Slider)
    /// An app-defined accessory view, drawn by the app's template (`accessories/NAME`).
    case custom(TemplateView)

    /// The contract name of the accessory kind, as in `data-accessory`.
    public var kind: AccessoryKind {
        switch self {
        case .none: .none
        case .disclosureIndicator: .disclosureIndicator
        case .detailDisclosureButton: .detailDisclosureButton
        case .detailButton: .detailButton
        case .checkmark: .checkmark
        case .toggle: .toggle
        case .slider: .slider
        case .custom: .custom
        }
    }

    /// Whether the accessory is a control the user operates in place (it posts a value).
    public var isControl: Bool { kind == .toggle || kind == .slider }

    /// The app's template drawing the accessory, for a custom accessory view.
    public var templateView: TemplateView? {
        if case let .custom(view) = self { view } else { nil }
    }
}

/// The kinds of accessory, by the names the markup contract uses.
public enum AccessoryKind: String, Sendable, Codable, CaseIterable {
    case none
    case disclosureIndicator = "disclosure-indicator"
    case detailDisclosureButton = "detail-disclosure-button"
    case detailButton = "detail-button"
    case checkmark
    case toggle = "switch"
    case slider
    case custom

    /// Whether the accessory would sit under the index bar of an indexed list, which the guide
    /// advises against: indexed rows should show no disclosure indicator or detail button.
    public var sitsUnderIndexBar: Bool { [.disclosureIndicator, .detailDisclosureButton, .detailButton].contains(self) }
}

/// A slider's range and value; the value always lies inside the range.
public struct Slider: Sendable, Hashable, Codable {
    /// The lowest value.
    public let minimum: Double
    /// The highest value.
    public let maximum: Double
    /// The current value, between `minimum` and `maximum`.
    public let value: Double

    /// Makes a slider; fails with a clear error when the range is empty or the value lies outside it.
    public init(minimum: Double, maximum: Double, value: Double) throws(TableKitError) {
        guard minimum.isFinite, maximum.isFinite, value.isFinite, minimum < maximum else {
            throw .invalidSliderRange(minimum: minimum, maximum: maximum)
        }
        guard (minimum...maximum).contains(value) else {
            throw .sliderValueOutOfRange(value: value, minimum: minimum, maximum: maximum)
        }
        self.minimum = minimum
        self.maximum = maximum
        self.value = value
    }

    /// The same slider set to `newValue`; values outside the range are refused, not clamped,
    /// so that a bad form post never silently changes data.
    public func setting(_ newValue: Double) throws(TableKitError) -> Slider {
        try Slider(minimum: minimum, maximum: maximum, value: newValue)
    }
}
