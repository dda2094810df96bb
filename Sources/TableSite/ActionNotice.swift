import Foundation
import TableApp
import TableKit

/// What the page says after a table action, and the row it lands on.
public enum ActionNotice {
    /// The outcome of `action` as the person sees it: the row to land on (the one chosen,
    /// inserted or moved) and a sentence for what happened where the page alone does not say it.
    public static func outcome(of action: TableAction, result: TableActionResult, on controller: any TableViewController) -> ActionOutcome {
        switch action {
        case .setChecked, .toggle, .slide:
            return ActionOutcome(highlightKey: result.key)
        case .delete:
            return ActionOutcome(notice: "Deleted \(result.text ?? "the row").")
        case .insert:
            return ActionOutcome(highlightKey: result.key, notice: "Inserted a new item.")
        case .move, .moveUp, .moveDown:
            guard let landed = result.indexPath else { return ActionOutcome(highlightKey: result.key) }
            let text = result.text ?? "the row"
            if result.stayed {
                return ActionOutcome(highlightKey: result.key, notice: "\(text) stays where it is: the list's rules allow it no place nearer the one chosen.")
            }
            let section = controller.titleForHeader(inSection: landed.section).map { " of \($0)" } ?? ""
            let retargeted: String
            if let proposed = result.proposed, proposed.section != landed.section, controller.sectionIndexTitles() != nil {
                // The collation decides an indexed list's sections, not the person.
                retargeted = " (an indexed list keeps each row in the section of its initial)"
            } else {
                retargeted = result.proposed.map { $0 != landed } == true ? " (the nearest allowed place)" : ""
            }
            return ActionOutcome(highlightKey: result.key, notice: "Moved \(text) to row \(landed.row + 1)\(section)\(retargeted).")
        }
    }
}
