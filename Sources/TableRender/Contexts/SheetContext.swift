import Foundation

/// A modal sheet: the Add form or a detail item's edit form.
public struct SheetContext: RenderContext {
    public var title: String
    public var sectionTitle: String?
    public var action: String
    public var csrf: String
    public var revision: String
    public var cancelHref: String
    public var saveTitle: String
    public var errorSummary: String?
    public var hiddenFields: [HiddenFieldContext]
    public var fields: [FieldContext]

    /// Makes the context.
    public init(title: String, sectionTitle: String? = nil, action: String, csrf: String, revision: String, cancelHref: String, saveTitle: String, errorSummary: String? = nil, hiddenFields: [HiddenFieldContext], fields: [FieldContext]) {
        self.title = title
        self.sectionTitle = sectionTitle
        self.action = action
        self.csrf = csrf
        self.revision = revision
        self.cancelHref = cancelHref
        self.saveTitle = saveTitle
        self.errorSummary = errorSummary
        self.hiddenFields = hiddenFields
        self.fields = fields
    }

    public static let fields: [TemplateField<Self>] = [
        .init("title") { $0.title }, .init("sectionTitle") { $0.sectionTitle },
        .init("action") { $0.action }, .init("csrf") { $0.csrf }, .init("revision") { $0.revision },
        .init("cancelHref") { $0.cancelHref }, .init("saveTitle") { $0.saveTitle },
        .init("errorSummary") { $0.errorSummary }, .init("hiddenFields") { $0.hiddenFields },
        .init("fields") { $0.fields },
    ]
}

/// A hidden form field.
public struct HiddenFieldContext: RenderContext, Hashable {
    public var name: String
    public var value: String

    /// Makes the context.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public static let fields: [TemplateField<Self>] = [
        .init("name") { $0.name }, .init("value") { $0.value },
    ]
}

/// One field of a sheet, with what the user typed and the message when it was refused.
public struct FieldContext: RenderContext, Hashable {
    /// The kinds of field a sheet can show.
    public enum Kind: String, Sendable, Hashable { case text, password, number, toggle, slider, choice }

    public var name: String
    public var label: String
    public var kind: Kind
    public var value: String
    public var placeholder: String
    public var isRequired: Bool
    public var isOn: Bool
    public var minimum: String
    public var maximum: String
    public var step: String
    /// The most characters a text field takes (the server's own limit), as the input's `maxlength`.
    public var maxLength: String?
    /// What a number or slider counts in ("mi"), shown after it and read with its label.
    public var unit: String?
    public var options: [OptionContext]
    public var error: String?

    /// Makes a field; only the parts its kind uses matter.
    public init(name: String, label: String, kind: Kind, value: String = "", placeholder: String = "",
                isRequired: Bool = false, isOn: Bool = false, minimum: String = "", maximum: String = "",
                step: String = "any", maxLength: String? = nil, unit: String? = nil, options: [OptionContext] = [], error: String? = nil) {
        self.name = name
        self.label = label
        self.kind = kind
        self.value = value
        self.placeholder = placeholder
        self.isRequired = isRequired
        self.isOn = isOn
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.maxLength = maxLength
        self.unit = unit
        self.options = options
        self.error = error
    }

    public static let fields: [TemplateField<Self>] = [
        .init("name") { $0.name }, .init("label") { $0.label }, .init("value") { $0.value },
        .init("placeholder") { $0.placeholder }, .init("isRequired") { $0.isRequired },
        .init("isOn") { $0.isOn }, .init("minimum") { $0.minimum }, .init("maximum") { $0.maximum },
        .init("step") { $0.step }, .init("maxLength") { $0.maxLength }, .init("unit") { $0.unit }, .init("options") { $0.options },
        .init("error") { $0.error },
        .init("isText") { $0.kind == .text }, .init("isPassword") { $0.kind == .password },
        .init("isNumber") { $0.kind == .number }, .init("isSwitch") { $0.kind == .toggle },
        .init("isSlider") { $0.kind == .slider }, .init("isChoice") { $0.kind == .choice },
    ]
}

/// One choice of a choice field.
public struct OptionContext: RenderContext, Hashable {
    public var value: String
    public var title: String
    public var isSelected: Bool

    /// Makes an option.
    public init(value: String, title: String, isSelected: Bool) {
        self.value = value
        self.title = title
        self.isSelected = isSelected
    }

    public static let fields: [TemplateField<Self>] = [
        .init("value") { $0.value }, .init("title") { $0.title }, .init("isSelected") { $0.isSelected },
    ]
}

/// An error page: the status, what went wrong, and the way back up.
public struct ErrorContext: RenderContext {
    public var status: Int
    public var reason: String
    public var message: String
    public var details: ErrorDetailsContext?
    public var up: LinkContext?

    /// Makes the context.
    public init(status: Int, reason: String, message: String, details: ErrorDetailsContext? = nil, up: LinkContext? = nil) {
        self.status = status
        self.reason = reason
        self.message = message
        self.details = details
        self.up = up
    }

    public static let fields: [TemplateField<Self>] = [
        .init("status") { $0.status }, .init("reason") { $0.reason }, .init("message") { $0.message },
        .init("details") { $0.details }, .init("up") { $0.up },
    ]
}

/// A list of further details on an error page (every problem of a refused batch, say).
public struct ErrorDetailsContext: RenderContext {
    public var items: [String]

    /// Makes the context.
    public init(items: [String]) {
        self.items = items
    }

    public static let fields: [TemplateField<Self>] = [
        .init("items") { $0.items.map(TextLineContext.init) },
    ]
}
