import Foundation

extension TableSnapshot {
    /// Builds a snapshot by asking `dataSource` and `delegate` in UIKit's order: the number of
    /// sections, the rows of each section, the section titles, the index, then each cell.
    ///
    /// Fails with the first problem found: negative counts, an index on a grouped table, an index
    /// title leading to no section, or a cell configured against its style.
    public static func build(
        _ configuration: TableConfiguration,
        dataSource: some TableDataSource,
        delegate: some TableDelegate = DefaultTableDelegate(),
        reusing reuse: RowReuse? = nil
    ) throws(TableKitError) -> TableSnapshot {
        let sectionCount = dataSource.numberOfSections()
        guard sectionCount >= 0 else { throw .negativeSectionCount(sectionCount) }

        var rowCounts: [Int] = []
        rowCounts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let count = dataSource.numberOfRows(inSection: section)
            guard count >= 0 else { throw .negativeRowCount(count, section: section) }
            rowCounts.append(count)
        }

        var sections = (0..<sectionCount).map { section in
            TableSection(headerTitle: dataSource.titleForHeader(inSection: section),
                         footerTitle: dataSource.titleForFooter(inSection: section),
                         rows: [], headerView: delegate.viewForHeader(inSection: section),
                         footerView: delegate.viewForFooter(inSection: section))
        }
        for (number, section) in sections.enumerated() {
            for view in [section.headerView, section.footerView].compactMap({ $0 }) where !TemplateView.isValidName(view.name) {
                throw .invalidSectionTemplateName(view.name, section: number)
            }
        }

        let index = try sectionIndex(from: dataSource, style: configuration.style, sectionCount: sectionCount)
        // Move up and Move down are offered only where the delegate lets the row go.
        let moveTarget = { (source: IndexPath) in { (proposed: IndexPath) in delegate.targetIndexPath(forMoveFrom: source, toProposed: proposed) } }

        var warnings: [TableWarning] = []
        let kept = reuse?.applicable(to: configuration, rowCounts: rowCounts)
        for section in 0..<sectionCount {
            if let kept, kept.isSectionUnchanged(section) {
                sections[section].rows = kept.previous.sections[section].rows
                if index != nil { warnings += sections[section].rows.compactMap(accessoryWarning) }
                continue
            }
            // The rows kept stay in the previous snapshot's array, which is copied (one reference
            // count a row) only if a row is made again; the others are asked for in order.
            let unchanged = kept?.unchangedRows(inSection: section) ?? []
            var rows = kept?.previous.sections[section].rows ?? []
            if unchanged.isEmpty { rows.reserveCapacity(rowCounts[section]) }
            for rowIndex in 0..<rowCounts[section] where unchanged.isEmpty || !unchanged[rowIndex] {
                let path = IndexPath(row: rowIndex, section: section)
                var row = try row(at: path, configuration: configuration, dataSource: dataSource, delegate: delegate)
                if row.isMovable {
                    row.canMoveUp = MovePlaces.adjacent(to: path, upward: true, rowCounts: rowCounts, target: moveTarget(path)) != nil
                    row.canMoveDown = MovePlaces.adjacent(to: path, upward: false, rowCounts: rowCounts, target: moveTarget(path)) != nil
                }
                if unchanged.isEmpty { rows.append(row) } else { rows[rowIndex] = row }
            }
            if index != nil { warnings += rows.compactMap(accessoryWarning) }
            sections[section].rows = rows
        }
        if configuration.selectionMode == .exclusive, let warning = keepFirstCheckmark(in: &sections) { warnings.append(warning) }

        var snapshot = TableSnapshot(style: configuration.style, headerTitle: configuration.headerTitle,
                                     footerTitle: configuration.footerTitle, sections: sections,
                                     sectionIndex: index, isEditing: configuration.isEditing, warnings: warnings)
        snapshot.headerStyle = configuration.headerStyle
        return snapshot
    }

    /// The advice against an accessory the index bar would cover, for a row of an indexed list.
    private static func accessoryWarning(_ row: TableRow) -> TableWarning? {
        row.cell.accessory.kind.sitsUnderIndexBar ? .accessoryInIndexedList(row.cell.accessory.kind, at: row.indexPath) : nil
    }

    /// Asks for the index titles and maps each to its section.
    private static func sectionIndex(
        from dataSource: some TableDataSource, style: TableStyle, sectionCount: Int
    ) throws(TableKitError) -> SectionIndex? {
        guard let titles = dataSource.sectionIndexTitles() else { return nil }
        guard style == .plain else { throw .groupedTableCannotHaveIndex }
        var entries: [SectionIndex.Entry] = []
        for (position, title) in titles.enumerated() {
            let section = dataSource.section(forSectionIndexTitle: title.title, at: position)
            guard (0..<sectionCount).contains(section) else {
                throw .indexTitleLeadsNowhere(title: title.title, section: section, sectionCount: sectionCount)
            }
            entries.append(.init(title: title.title, accessibilityLabel: title.accessibilityLabel,
                                  accessibilityLanguage: title.accessibilityLanguage, section: section))
        }
        return SectionIndex(entries: entries)
    }

    /// Asks for one cell and decides its editing control, reorder control and swipe-to-delete.
    private static func row(
        at path: IndexPath, configuration: TableConfiguration,
        dataSource: some TableDataSource, delegate: some TableDelegate
    ) throws(TableKitError) -> TableRow {
        var cell = dataSource.cell(at: path)
        if let level = delegate.indentationLevel(forRowAt: path) { cell.indentationLevel = level }
        if let height = delegate.heightForRow(at: path) { cell.rowHeight = height }
        delegate.willDisplay(&cell, forRowAt: path)
        if let problem = cell.problems(at: path).first { throw problem }

        // A row shows an editing control only where the data source can carry the edit out.
        let editable = dataSource.commitsEditing && dataSource.canEditRow(at: path)
        let style = editable ? delegate.editingStyle(forRowAt: path) : .none
        let movable = dataSource.movesRows && cell.showsReorderControl && dataSource.canMoveRow(at: path)
        return TableRow(
            indexPath: path,
            cell: cell,
            editingStyle: configuration.isEditing ? style : .none,
            isMovable: configuration.isEditing && movable,
            canSwipeToDelete: !configuration.isEditing && style == .delete && configuration.allowsSwipeToDelete,
            isSelectable: configuration.selectsRows && delegate.willSelectRow(at: path) != nil,
            deleteConfirmationTitle: style == .delete ? delegate.titleForDeleteConfirmationButton(forRowAt: path) ?? "Delete" : "Delete",
            indentsWhileEditing: delegate.shouldIndentWhileEditingRow(at: path),
            insertionPlacement: style == .insert ? delegate.insertionPlacement(forRowAt: path) : .after
        )
    }

    /// An exclusive list whose data holds several checkmarks shows only the first, in table
    /// order (the one choosing another row replaces), and says which it cleared.
    private static func keepFirstCheckmark(in sections: inout [TableSection]) -> TableWarning? {
        var kept: String?
        var cleared: [String] = []
        for section in sections.indices {
            for row in sections[section].rows.indices where sections[section].rows[row].cell.accessory == .checkmark {
                if kept == nil {
                    kept = sections[section].rows[row].cell.key
                } else {
                    cleared.append(sections[section].rows[row].cell.text)
                    sections[section].rows[row].cell.accessory = .none
                }
            }
        }
        guard let kept, !cleared.isEmpty else { return nil }
        let keptText = sections.lazy.flatMap(\.rows).first { $0.cell.key == kept }?.cell.text ?? kept
        return .severalCheckmarksInExclusiveList(kept: keptText, cleared: cleared)
    }
}
