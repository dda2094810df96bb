import Foundation
import TableStack

/// The root: every region, each leading to its trails (the guide's "Navigating a Data Hierarchy").
/// Made for every page (see `main.swift`), it shows the regions as they are when it is made.
struct RegionsController: TableViewController {
    let store: TrailStore
    let regions: [TrailStore.Region]

    init(store: TrailStore) {
        self.store = store
        regions = store.regionsNow
    }

    var title: String { "Regions" }

    func numberOfRows(inSection section: Int) -> Int { regions.count }

    func cell(at indexPath: IndexPath) -> Cell {
        let region = regions[indexPath.row]
        return Cell(key: region.key, text: region.name, detailText: "\(region.trails.count) trail\(region.trails.count == 1 ? "" : "s")", style: .value1,
                    accessory: .disclosureIndicator)
    }

    func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome {
        .push(scene: "trails", itemKey: regions[indexPath.row].key)
    }

    func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)? {
        guard case let .push(_, key) = outcome else { return nil }
        return TrailsController(store: store, regionKey: key)
    }
}

/// A region's trails: deletable and reorderable, each with a detail button (Listings 7-3, 8-2).
struct TrailsController: TableViewController {
    let store: TrailStore
    let region: TrailStore.Region?
    let revision: Int
    private var changes: [TrailStore.Change] = []

    init(store: TrailStore, regionKey: String) {
        self.store = store
        let read = store.region(regionKey)
        region = read?.region
        revision = read?.revision ?? 0
    }

    var title: String { region?.name ?? "Trails" }
    var revisionToken: String { String(revision) }
    var commitsEditing: Bool { true }
    var movesRows: Bool { true }

    func numberOfRows(inSection section: Int) -> Int { region?.trails.count ?? 0 }

    func cell(at indexPath: IndexPath) -> Cell {
        let trail = region?.trails[indexPath.row]
        return Cell(key: trail?.key ?? "", text: trail?.name ?? "", detailText: trail?.location, style: .subtitle,
                    accessory: .detailDisclosureButton)
    }

    func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome {
        .showDetail(scene: "trail", itemKey: region?.trails[indexPath.row].key ?? "")
    }

    func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)? {
        guard case let .showDetail(_, key) = outcome, let trail = region?.trails.first(where: { $0.key == key }) else { return nil }
        return TrailController(trail: trail)
    }

    mutating func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError) {
        guard editingStyle == .delete, let region, let trail = region.trails[safe: indexPath.row] else {
            throw .editingNotSupported(at: indexPath)
        }
        changes.append(.delete(trail: trail.key, region: region.key))
    }

    mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
        guard let region, let trail = region.trails[safe: source.row] else { throw .rowNotMovable(at: source) }
        changes.append(.move(trail: trail.key, region: region.key, to: destination.row))
    }

    /// The changes name trails by key, found in this controller's own read of the region, and
    /// trails are never edited: a page shown before others' changes conflicts with none of them
    /// (a move beside a row that is gone the server refuses before). Someone saving between that
    /// read and this save is a race: the server carries the action out again on a fresh read.
    mutating func save(basedOn revisionToken: String) async throws {
        guard let shown = Int(revisionToken), shown > 0 else { throw MalformedRevision(revisionToken) }
        // A page from after this read: the store was made afresh since (the example keeps it in memory).
        guard shown <= revision else { throw SaveConflict("the trails were reset since the page was shown (the server restarted)") }
        guard !changes.isEmpty else { return }
        guard let region, store.apply(changes, toRegion: region.key, basedOn: revision) else { throw SaveRace() }
        changes = []
    }
}

/// A trail's details, in a grouped table of value1 rows.
struct TrailController: TableViewController {
    let trail: TrailStore.Trail

    var title: String { trail.name }
    var tableStyle: TableStyle { .grouped }

    func numberOfRows(inSection section: Int) -> Int { 3 }

    func cell(at indexPath: IndexPath) -> Cell {
        let rows = [("Name", trail.name), ("Location", trail.location), ("Length", "\(trail.miles) mi")]
        let (label, value) = rows[indexPath.row]
        return Cell(key: label.lowercased(), text: label, detailText: value, style: .value1)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
