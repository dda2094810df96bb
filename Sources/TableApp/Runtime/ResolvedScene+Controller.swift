import Foundation
import TableKit
import TableStore

/// A loaded scene is the app's table view controller: the app file's rules answer UIKit's
/// questions, so a page built from an app file goes the same way as one a Swift developer's
/// controller answers. Actions change the loaded rows and record the writes `save()` makes.
extension ResolvedScene: TableViewController {
    // MARK: Data source

    public func numberOfSections() -> Int { sections.count }
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }
    public func cell(at indexPath: IndexPath) -> Cell { readRow(at: indexPath) { $0.cell } }
    public func titleForHeader(inSection section: Int) -> String? { sections[section].headerTitle }
    public func titleForFooter(inSection section: Int) -> String? { sections[section].footerTitle }
    public func sectionIndexTitles() -> [SectionIndexTitle]? { sectionIndex?.titles }
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        sectionIndex?.section(forSectionIndexTitleAt: index) ?? index
    }

    /// A scene commits edits when it has an editing rule, or placeholder rows whose plus adds an item.
    public var commitsEditing: Bool { scene.editing != nil || listBinding?.placeholder != nil }
    public var movesRows: Bool { scene.moves != nil }

    public func canEditRow(at indexPath: IndexPath) -> Bool { rowValue(scene.rowRules.canEdit, at: indexPath, read: RowRules.flag) ?? true }

    public func canMoveRow(at indexPath: IndexPath) -> Bool {
        guard let rule = scene.moves, rule.canMoveRow(at: indexPath, rowCounts: rowCounts) else { return false }
        return rowValue(scene.rowRules.canMove, at: indexPath, read: RowRules.flag) ?? true
    }

    /// The scene's `rows:` value for the row at `indexPath`, if the scene gives one.
    func rowValue<Value>(_ value: RowValue<Value>?, at indexPath: IndexPath, read: (AttributeValue) -> Value?) -> Value? {
        guard let value else { return nil }
        return readRow(at: indexPath) { value.value(at: indexPath, item: $0.item, read: read) }
    }

    // MARK: Delegate

    public func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle {
        // A placeholder row ("Add Item") inserts, as the guide's placeholder rows do.
        if case .placeholder = sections[indexPath.section].rows[indexPath.row].origin { return .insert }
        if let style = rowValue(scene.rowRules.editingStyle, at: indexPath, read: RowRules.editingStyle) { return style }
        guard let rule = scene.editing?.rule else { return .none }
        // The rule counts the section's own items; a placeholder row is not one of them.
        return rule.editingStyle(forRowAt: indexPath, rowCounts: itemCounts)
    }

    /// The app file's move rule decides; a row can only go to a section that takes it (a value
    /// of the grouping attribute, another item's list). In an indexed list the row's initial
    /// decides its section, so a row proposed elsewhere stays at the nearest end of its own.
    public func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
        guard var rule = scene.moves else { return proposed }
        if proposed.section != source.section, !takesRows(from: source.section, into: proposed.section) { rule.keepsRowsInSection = true }
        return rule.targetIndexPath(forMoveFrom: source, toProposed: proposed, rowCounts: rowCounts)
    }

    /// Whether a row of section `source` can move into section `destination`: a section of the
    /// same stored list grouped by an attribute, or another item's list of a nested list.
    func takesRows(from source: Int, into destination: Int) -> Bool {
        guard sections.indices.contains(source), sections.indices.contains(destination) else { return false }
        switch (sections[source].owner, sections[destination].owner) {
        case (.value?, .value?), (.item?, .item?): return true
        default: return false
        }
    }

    public func willDisplay(_ cell: inout Cell, forRowAt indexPath: IndexPath) {
        let row = indexPath.row + (window?.range.lowerBound ?? 0)
        // Listing 5-2 colours the rows whose index is even.
        if scene.alternatesRows, row.isMultiple(of: 2) { cell.backgroundHint = "alternate" }
    }

    /// A row the app file makes unselectable (`selectable: false`, a detail's field, a
    /// placeholder) refuses selection; `selectionStyle: none` only takes the highlight away.
    public func willSelectRow(at indexPath: IndexPath) -> IndexPath? {
        guard readRow(at: indexPath, { $0.isSelectable }),
              rowValue(scene.rowRules.canSelect, at: indexPath, read: RowRules.flag) ?? true else { return nil }
        return indexPath
    }

    /// The scene's `rows: { indentation: … }`; `nil` keeps the prototype's level.
    public func indentationLevel(forRowAt indexPath: IndexPath) -> Int? {
        rowValue(scene.rowRules.indentation, at: indexPath, read: RowRules.indentation)
    }

    /// The app file's title for the Delete button, filled from the row's item.
    public func titleForDeleteConfirmationButton(forRowAt indexPath: IndexPath) -> String? {
        guard let format = scene.editing?.deleteTitle else { return nil }
        return readRow(at: indexPath) { format.render($0.item?.attributes ?? [:]) }
    }

    public func shouldIndentWhileEditingRow(at indexPath: IndexPath) -> Bool { scene.editing?.indentsWhileEditing ?? true }

    /// The app file's `sectionHeaderView`, filled with the section's title, footer and row count
    /// (and, in a nested list, the section item's attributes).
    public func viewForHeader(inSection section: Int) -> TemplateView? {
        listBinding?.sectionHeaderView.map { TemplateView(name: $0, values: sectionValues(section)) }
    }

    public func viewForFooter(inSection section: Int) -> TemplateView? {
        listBinding?.sectionFooterView.map { TemplateView(name: $0, values: sectionValues(section)) }
    }

    private func sectionValues(_ number: Int) -> [String: String] {
        let section = sections[number]
        var values: [String: String] = [:]
        if case let .item(item, _)? = section.owner {
            for (name, value) in item.attributes { values[name] = value.description }
        }
        let items = itemCounts[number]
        values["title"] = section.headerTitle ?? ""
        values["footer"] = section.footerTitle ?? ""
        values["count"] = String(items)
        values["rows"] = NumberWords.counted(items, "row")
        return values
    }

    /// An item's plus adds the new item after it; a placeholder's adds it in the placeholder's
    /// place, at the end of the section's items.
    public func insertionPlacement(forRowAt indexPath: IndexPath) -> InsertionPlacement {
        if case .placeholder = sections[indexPath.section].rows[indexPath.row].origin { return .before }
        return .after
    }

    public func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome {
        let isChoice = selection != nil
        return readRow(at: indexPath) { row in
            if isChoice, row.isItem { return .toggleCheckmark }
            if let push = row.push { return .push(scene: push, itemKey: row.cell.key) }
            return .none
        }
    }

    public func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome {
        guard let info = listBinding?.detail else { return .none }
        return readRow(at: indexPath) { row in row.isItem ? .showDetail(scene: info, itemKey: row.cell.key) : .none }
    }

    // MARK: Controller

    public var tableStyle: TableStyle { scene.style }
    public var tableHeaderTitle: String? { scene.headerTitle.map { $0.render(item?.attributes ?? [:]) } }
    public var tableHeaderStyle: TableHeaderStyle { scene.headerStyle }
    public var tableFooterTitle: String? { scene.footerTitle.map { $0.render(item?.attributes ?? [:]) } }
    public var showsEditButton: Bool { canEdit }
    public var allowsSwipeToDelete: Bool { scene.editing?.rule.allowsSwipeToDelete ?? false }
    public var allowsSelection: Bool { scene.allowsSelection }
    public var allowsSelectionDuringEditing: Bool { scene.allowsSelectionDuringEditing }
    public var selectionMode: SelectionList.Mode? { selection?.mode }
    public var emptyMessage: String { scene.emptyMessage }

    public func indexPath(forRowWithKey key: String) -> IndexPath? { row(forKey: key)?.indexPath }

    /// Read from the rows' cells as loaded, borrowed in place (see `readRow`), without making a
    /// cell for each: one pass, asked once an action.
    public func hasOtherRow(withKey key: String, than indexPath: IndexPath) -> Bool {
        sections.withUnsafeBufferPointer { sections in
            sections.indices.contains { section in
                sections[section].rows.withUnsafeBufferPointer { rows in
                    rows.indices.contains { rows[$0].cell.key == key && IndexPath(row: $0, section: section) != indexPath }
                }
            }
        }
    }

    public func snapshot(isEditing: Bool) throws(TableKitError) -> TableSnapshot {
        let configuration = tableConfiguration(isEditing: isEditing)
        // Only a scene as read has memory (see `sections`): its carried rows stand for items no
        // commit touched.
        let memory = snapshotMemory
        var snapshot = try TableSnapshot.build(configuration, dataSource: self, delegate: self,
                                               reusing: memory?.reuse(for: self, configuration: configuration))
        memory?.keep(snapshot, of: self, configuration: configuration)
        // A window's rows stand further down the whole list; their index paths say where.
        if let window, window.range.lowerBound > 0, !snapshot.sections.isEmpty {
            for index in snapshot.sections[0].rows.indices {
                snapshot.sections[0].rows[index].indexPath.row += window.range.lowerBound
            }
        }
        return snapshot
    }

    /// Hands `body` the row at `indexPath` in place. Reading a field through the arrays'
    /// subscripts copied the whole row (its item's attributes, its origin) for every question
    /// asked of every row of a page; this borrows it instead.
    @inline(__always)
    func readRow<T>(at indexPath: IndexPath, _ body: (borrowing SceneRow) -> T) -> T {
        sections.withUnsafeBufferPointer { sections in
            sections[indexPath.section].rows.withUnsafeBufferPointer { body($0[indexPath.row]) }
        }
    }

    /// Row counts without placeholders, for editing rules. A placeholder is only ever a
    /// section's last row, so this looks at one row a section (asked for every row of a page).
    var itemCounts: [Int] {
        sections.map { section in
            guard let last = section.rows.last, case .placeholder = last.origin else { return section.rows.count }
            return section.rows.count - 1
        }
    }
}
