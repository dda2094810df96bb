import Foundation

/// The page layout: document title, assets, navigation bar and the already rendered content.
public struct PageContext: RenderContext {
    public var documentTitle: String
    public var language: String
    /// The prefix of every asset URL ("/" on the server, "../../" in an export).
    public var assets: String
    /// `table`, `sheet` or `error`, for styling.
    public var kind: String
    public var navigationBar: NavigationBarContext?
    public var notice: String?
    /// The rendered `<main>`; raw HTML produced by the templates themselves.
    public var content: String
    public var exportNote: String?
    /// Whether a row on the page has a height of its own (`row-heights.css`).
    public var usesRowHeights: Bool = false

    public static let fields: [TemplateField<Self>] = [
        .init("documentTitle") { $0.documentTitle }, .init("language") { $0.language },
        .init("assets") { $0.assets }, .init("kind") { $0.kind },
        .init("navigationBar") { $0.navigationBar }, .init("notice") { $0.notice },
        .init("content") { $0.content }, .init("exportNote") { $0.exportNote },
        .init("usesRowHeights") { $0.usesRowHeights },
    ]
}

/// The navigation bar: title, back button, and the items at either end.
public struct NavigationBarContext: RenderContext, Hashable {
    public var title: String
    /// Whether the bar shows the large 34 px title (the root of the stack).
    public var isLargeTitle: Bool
    /// The accessible name of the bar.
    public var label: String
    /// The back button to the parent level, titled with the parent's title.
    public var back: LinkContext?
    /// The Cancel button of a sheet.
    public var cancel: LinkContext?
    public var custom: LinkContext?
    public var add: LinkContext?
    /// The Add button shown disabled while the table is editing (Listing 7-1).
    public var addDisabled: LinkContext?
    public var edit: EditButtonContext?
    /// The Save button of a sheet: submits the form named `form`.
    public var save: SaveButtonContext?

    /// Makes a bar.
    public init(title: String, isLargeTitle: Bool = false, label: String = "Navigation", back: LinkContext? = nil,
                cancel: LinkContext? = nil, custom: LinkContext? = nil, add: LinkContext? = nil,
                addDisabled: LinkContext? = nil, edit: EditButtonContext? = nil, save: SaveButtonContext? = nil) {
        self.title = title
        self.isLargeTitle = isLargeTitle
        self.label = label
        self.back = back
        self.cancel = cancel
        self.custom = custom
        self.add = add
        self.addDisabled = addDisabled
        self.edit = edit
        self.save = save
    }

    public static let fields: [TemplateField<Self>] = [
        .init("title") { $0.title }, .init("isLargeTitle") { $0.isLargeTitle },
        .init("label") { $0.label }, .init("back") { $0.back }, .init("cancel") { $0.cancel },
        .init("custom") { $0.custom }, .init("add") { $0.add }, .init("addDisabled") { $0.addDisabled },
        .init("edit") { $0.edit }, .init("save") { $0.save },
    ]
}

/// The Edit / Done toggle: a link, since the editing state lives in the URL.
public struct EditButtonContext: RenderContext, Hashable {
    public var href: String
    public var isDone: Bool
    public var title: String { isDone ? "Done" : "Edit" }

    /// Makes the toggle.
    public init(href: String, isDone: Bool) {
        self.href = href
        self.isDone = isDone
    }

    public static let fields: [TemplateField<Self>] = [
        .init("href") { $0.href }, .init("isDone") { $0.isDone }, .init("title") { $0.title },
    ]
}

/// A sheet's Save button.
public struct SaveButtonContext: RenderContext, Hashable {
    public var title: String
    public var form: String

    /// Makes the button.
    public init(title: String, form: String) {
        self.title = title
        self.form = form
    }

    public static let fields: [TemplateField<Self>] = [
        .init("title") { $0.title }, .init("form") { $0.form },
    ]
}
