import Foundation
import TableKit

/// A loaded scene as TableKit's data source and delegate: the YAML app is a layer over the same
/// protocols a Swift app would implement by hand.
struct SceneDataSource: TableDataSource, TableDelegate {
    let scene: ResolvedScene

    func numberOfSections() -> Int { scene.sections.count }
    func numberOfRows(inSection section: Int) -> Int { scene.sections[section].rows.count }
    func cell(at indexPath: IndexPath) -> Cell { scene.sections[indexPath.section].rows[indexPath.row].cell }
    func titleForHeader(inSection section: Int) -> String? { scene.sections[section].headerTitle }
    func titleForFooter(inSection section: Int) -> String? { scene.sections[section].footerTitle }
    func sectionIndexTitles() -> [SectionIndexTitle]? { scene.indexTitles }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { index }

    var commitsEditing: Bool { scene.scene.editing != nil }
    var movesRows: Bool { scene.scene.moves != nil }

    func canEditRow(at indexPath: IndexPath) -> Bool {
        if case .placeholder = scene.sections[indexPath.section].rows[indexPath.row].origin { return false }
        return true
    }

    func canMoveRow(at indexPath: IndexPath) -> Bool {
        guard let rule = scene.scene.moves else { return false }
        return rule.canMoveRow(at: indexPath, rowCounts: scene.rowCounts)
    }

    func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle {
        guard let rule = scene.scene.editing?.rule else { return .none }
        // The rule counts the section's own items; a placeholder row is not one of them.
        let counts = scene.sections.map { $0.rows.filter { if case .placeholder = $0.origin { false } else { true } }.count }
        return rule.editingStyle(forRowAt: indexPath, rowCounts: counts)
    }

    func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
        scene.scene.moves?.targetIndexPath(forMoveFrom: source, toProposed: proposed, rowCounts: scene.rowCounts) ?? proposed
    }

    func willDisplay(_ cell: inout Cell, forRowAt indexPath: IndexPath) {
        if scene.scene.alternatesRows, !indexPath.row.isMultiple(of: 2) { cell.backgroundHint = "alternate" }
    }

    func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome {
        let row = scene.sections[indexPath.section].rows[indexPath.row]
        if scene.selection != nil { return .toggleCheckmark }
        if let push = row.push { return .push(scene: push, itemKey: row.cell.key) }
        return .none
    }

    func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome {
        guard let info = scene.listBinding?.detail else { return .none }
        return .showDetail(scene: info, itemKey: scene.sections[indexPath.section].rows[indexPath.row].cell.key)
    }
}
