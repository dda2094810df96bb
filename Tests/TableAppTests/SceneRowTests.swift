import Foundation
import TableKit
import TableStore
import Testing
@testable import TableApp

/// A scene row keeps its cell, pushed scene, selectability and origin in one box: carried to
/// another place it is the same build with its own position; changed, it is another build.
@Suite("Scene rows carried and changed")
struct SceneRowTests {
    static let list = ListID.root("rows")
    static func row(_ key: String, position: Int) -> SceneRow {
        SceneRow(cell: Cell(key: key, text: key.capitalized), origin: .item(StoredItem(key: key, attributes: ["name": .string(key)]), list: list, position: position),
                 push: "detail")
    }

    @Test("a row carried to another position is the same build, standing at its new position")
    func carried() {
        let built = Self.row("milk", position: 3)
        let carried = SceneRow(carrying: built, toPosition: 1)
        #expect(carried.buildIdentity == built.buildIdentity)
        #expect(carried.origin == .item(StoredItem(key: "milk", attributes: ["name": .string("milk")]), list: Self.list, position: 1))
        #expect(carried.item?.key == "milk" && carried.cell == built.cell && carried.push == "detail")
        #expect(carried != built, "another position")
        #expect(SceneRow(carrying: carried, toPosition: 3) == built)
        #expect(carried == Self.row("milk", position: 1), "a row built at its new position is equal to the row carried there")
        #expect(SceneRow(carrying: carried, toPosition: 3).hashValue == built.hashValue)
    }

    @Test("rows built apart with equal fields are equal but other builds; a changed field makes another build")
    func changed() {
        let built = Self.row("milk", position: 0)
        let again = Self.row("milk", position: 0)
        #expect(again == built && again.buildIdentity != built.buildIdentity)
        var moved = built
        moved.origin = .item(StoredItem(key: "milk", attributes: ["name": .string("milk")]), list: .root("other"), position: 0)
        #expect(moved != built && moved.buildIdentity != built.buildIdentity)
        #expect(moved.origin == .item(StoredItem(key: "milk", attributes: ["name": .string("milk")]), list: .root("other"), position: 0))
        var renamed = built
        renamed.cell.text = "Oat milk"
        #expect(renamed != built && renamed.origin == built.origin && renamed.push == "detail")
        let placeholder = SceneRow(cell: Cell(key: "add", text: "Add"), origin: .placeholder(section: 2), push: nil, isSelectable: false)
        #expect(placeholder.origin == .placeholder(section: 2) && placeholder.item == nil && !placeholder.isItem && !placeholder.isSelectable)
        #expect(built.isItem)
    }
}
