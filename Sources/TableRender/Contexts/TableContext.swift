import Foundation

/// The table: its style, state, sections and index.
public struct TableContext: RenderContext {
    public var style: String
    public var isIndexed: Bool
    public var isEditing: Bool
    public var revision: String
    public var headerTitle: String?
    /// Whether the header is Listing 4-10's title label rather than a line of text.
    public var hasTitleHeader: Bool
    public var footerTitle: String?
    public var sections: [SectionContext]
    public var sectionIndex: SectionIndexContext?
    /// The shared form every row button posts through; `nil` on read-only pages.
    public var actionForm: FormContext?
    public var isEmpty: Bool
    public var emptyMessage: String
    /// Buttons below the table posting page actions through the shared form.
    public var commands: [CommandContext]
    /// What the table says about its own data to the person reading it (an exclusive list
    /// stored with several checkmarks).
    public var notes: [TextLineContext]
    /// The URL of the page's live stream, when it has one.
    public var live: String? = nil
    /// The name of the group the rows' radio buttons form in an exclusive list (the page's
    /// title): one choice among all of them, whatever their section.
    public var radioGroup: String? = nil

    public static let fields: [TemplateField<Self>] = [
        .init("style") { $0.style }, .init("isIndexed") { $0.isIndexed },
        .init("isEditing") { $0.isEditing }, .init("revision") { $0.revision },
        .init("headerTitle") { $0.headerTitle }, .init("hasTitleHeader") { $0.hasTitleHeader },
        .init("footerTitle") { $0.footerTitle }, .init("sections") { $0.sections }, .init("sectionIndex") { $0.sectionIndex },
        .init("actionForm") { $0.actionForm }, .init("isEmpty") { $0.isEmpty },
        .init("emptyMessage") { $0.emptyMessage }, .init("commands") { $0.commands },
        .init("hasCommands") { !$0.commands.isEmpty }, .init("notes") { $0.notes },
        .init("live") { $0.live }, .init("radioGroup") { $0.radioGroup },
        // Forms carry the revision, and a live page's stream starts from it.
        .init("showsRevision") { $0.actionForm != nil || $0.live != nil },
    ]
}

/// The hidden fields every state change carries: the CSRF token and the revision it was based on.
public struct FormContext: RenderContext, Hashable {
    public var action: String
    public var csrf: String
    public var revision: String

    /// Makes the form.
    public init(action: String, csrf: String, revision: String) {
        self.action = action
        self.csrf = csrf
        self.revision = revision
    }

    public static let fields: [TemplateField<Self>] = [
        .init("action") { $0.action }, .init("csrf") { $0.csrf }, .init("revision") { $0.revision },
    ]
}

/// One section, its rows already rendered.
public struct SectionContext: RenderContext {
    public var number: Int
    public var headerTitle: String?
    /// A heading for assistive technology when the section has rows but no visible header.
    public var hiddenHeading: String?
    public var footerTitle: String?
    public var hasRows: Bool
    /// The section's rows as HTML made by the row template.
    public var rows: String
    /// The app's header and footer views, as their templates made them (raw).
    public var headerView: String?
    public var footerView: String?

    public static let fields: [TemplateField<Self>] = [
        .init("number") { $0.number }, .init("headerTitle") { $0.headerTitle },
        .init("hiddenHeading") { $0.hiddenHeading }, .init("footerTitle") { $0.footerTitle },
        .init("hasRows") { $0.hasRows }, .init("rows") { $0.rows },
        .init("headerView") { $0.headerView }, .init("footerView") { $0.footerView },
    ]
}

/// The index bar of an indexed list.
public struct SectionIndexContext: RenderContext {
    public var label: String
    public var entries: [IndexEntryContext]

    public static let fields: [TemplateField<Self>] = [
        .init("label") { $0.label }, .init("entries") { $0.entries },
    ]
}

/// One title of the index bar.
public struct IndexEntryContext: RenderContext {
    public var title: String
    /// What assistive technology reads instead of the title; only where it differs from it.
    public var accessibilityLabel: String?
    /// The label's language, where it has one of its own (then the link says so with `lang`).
    public var language: String?
    public var section: Int

    public static let fields: [TemplateField<Self>] = [
        .init("title") { $0.title }, .init("accessibilityLabel") { $0.accessibilityLabel }, .init("language") { $0.language },
        .init("section") { $0.section },
    ]
}

/// A button below the table that posts an action of the page.
public struct CommandContext: RenderContext, Hashable {
    public var title: String
    public var action: String
    public var name: String
    public var value: String
    /// What pressing it would do to the list as shown, said under the button and read with it.
    public var summary: String?
    /// The id of the summary's element, unique on the page.
    public var summaryID: String

    /// Makes a command.
    public init(title: String, action: String, name: String, value: String, summary: String? = nil, summaryID: String = "") {
        self.title = title
        self.action = action
        self.name = name
        self.value = value
        self.summary = summary
        self.summaryID = summaryID
    }

    public static let fields: [TemplateField<Self>] = [
        .init("title") { $0.title }, .init("action") { $0.action }, .init("name") { $0.name },
        .init("value") { $0.value }, .init("summary") { $0.summary }, .init("summaryID") { $0.summaryID },
    ]
}
