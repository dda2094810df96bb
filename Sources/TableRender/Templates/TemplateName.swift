import Foundation

/// Every template TableStack renders, by file name (`Templates/<name>.mustache`).
public enum TemplateName: String, CaseIterable, Sendable {
    case layout
    case navigationBar = "navigation-bar"
    case table
    case actionForm = "action-form"
    case section
    case sectionIndex = "section-index"
    case row
    case cell
    case cellDefault = "cell-default"
    case cellSubtitle = "cell-subtitle"
    case cellValue1 = "cell-value1"
    case cellValue2 = "cell-value2"
    case accessory
    case editingControl = "editing-control"
    case deleteConfirmation = "delete-confirmation"
    case reorderControl = "reorder-control"
    case sheet
    case field
    case error

    /// The file name inside the template folder.
    public var fileName: String { "\(rawValue).mustache" }

    /// The keys a template may use: those of every context that can be on the stack when it renders.
    public var allowedKeys: Set<String> {
        switch self {
        case .layout:
            PageContext.keys
        case .navigationBar:
            PageContext.keys.union(NavigationBarContext.keys).union(LinkContext.keys)
                .union(EditButtonContext.keys).union(SaveButtonContext.keys)
        case .table, .actionForm, .section, .sectionIndex:
            TableContext.keys.union(FormContext.keys).union(SectionContext.keys)
                .union(SectionIndexContext.keys).union(IndexEntryContext.keys).union(CommandContext.keys).union(TextLineContext.keys)
        case .row, .cell, .cellDefault, .cellSubtitle, .cellValue1, .cellValue2, .accessory, .editingControl,
             .deleteConfirmation, .reorderControl:
            Self.rowKeys
        case .sheet, .field:
            SheetContext.keys.union(HiddenFieldContext.keys).union(FieldContext.keys).union(OptionContext.keys)
        case .error:
            ErrorContext.keys.union(ErrorDetailsContext.keys).union(TextLineContext.keys).union(LinkContext.keys)
        }
    }

    /// Keys that may be written raw (`{{{key}}}`): HTML the templates themselves produced.
    public var rawKeys: Set<String> {
        switch self {
        case .layout: ["content"]
        case .section: ["rows", "headerView", "footerView"]
        case .cell: ["customCell"]
        case .accessory: ["content"]
        default: []
        }
    }

    private static let rowKeys: Set<String> = RowContext.keys.union(ImageContext.keys).union(LinkContext.keys)
        .union(ChoiceContext.keys).union(DetailButtonContext.keys).union(ToggleContext.keys)
        .union(SliderContext.keys).union(CustomAccessoryContext.keys).union(EditingControlContext.keys)
        .union(DeleteConfirmationContext.keys).union(ReorderContext.keys)

    /// Every key any context answers, for templates a user adds beyond these.
    static let everyKey: Set<String> = allCases.reduce(into: Set<String>()) { $0.formUnion($1.allowedKeys) }
}
