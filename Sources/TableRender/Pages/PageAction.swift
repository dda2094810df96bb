/// Every action a page's forms can post, by the name its URL ends in (`…/_/delete`). Rendering,
/// the sheets and the server's dispatch all name actions through this one list.
public enum PageAction: String, Sendable, Hashable, CaseIterable {
    /// Choose a row of a selection list, wanting its checkmark on.
    case select
    /// Choose a checked row of an inclusive list, wanting its checkmark off.
    case deselect
    case toggle, slider, delete, insert, move
    case moveUp = "move-up", moveDown = "move-down"
    /// Save the Add sheet.
    case add
    /// Save a detail scene's fields.
    case save
    /// Run one of the scene's named batch updates.
    case runBatch = "run-batch"
    /// A batch update sent as JSON.
    case batch
    /// The table form's own action, which a post reaches only when sent without a button.
    case update
}
