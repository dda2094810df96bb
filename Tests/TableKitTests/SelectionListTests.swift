import Testing
import TableKit
import Foundation

@Suite("Selection lists")
struct SelectionListTests {
    static let categories = ["work", "home", "errands", "someday"]

    @Test("Listing 6-3: an exclusive list moves its one checkmark to the chosen row")
    func exclusiveMovesCheckmark() throws {
        var list = try SelectionList(mode: .exclusive, options: Self.categories, selection: ["home"])
        #expect(try list.choose("errands") == .checked(key: "errands", unchecked: "home"))
        #expect(list.checkedOptions == ["errands"])
        #expect(list.accessory(for: "errands") == .checkmark && list.accessory(for: "home") == .none)
    }

    @Test("Listing 6-3: choosing the checked row of an exclusive list again changes nothing")
    func exclusiveSameRowUnchanged() throws {
        var list = try SelectionList(mode: .exclusive, options: Self.categories, selection: ["home"])
        #expect(try list.choose("home") == .unchanged)
        #expect(list.checkedOptions == ["home"])
    }

    @Test("an exclusive list may start with nothing checked")
    func exclusiveFromNothing() throws {
        var list = try SelectionList(mode: .exclusive, options: Self.categories)
        #expect(try list.choose("work") == .checked(key: "work", unchecked: nil))
        #expect(list.selection == ["work"])
    }

    @Test("Listing 6-4: an inclusive list toggles the chosen row's checkmark and leaves the others")
    func inclusiveToggles() throws {
        var toppings = try SelectionList(mode: .inclusive, options: ["cheese", "olives", "basil"], selection: ["cheese"])
        #expect(try toppings.choose("basil") == .checked(key: "basil", unchecked: nil))
        #expect(toppings.checkedOptions == ["cheese", "basil"])
        #expect(try toppings.choose("cheese") == .unchecked(key: "cheese"))
        #expect(toppings.checkedOptions == ["basil"])
        #expect(!toppings.isChecked("cheese") && toppings.isChecked("basil"))
    }

    @Test("unknown options, duplicate options and an exclusive list with two checkmarks are refused")
    func refusesBadLists() throws {
        #expect(throws: TableKitError.exclusiveListWithManySelections(["home", "work"])) {
            try SelectionList(mode: .exclusive, options: Self.categories, selection: ["work", "home"])
        }
        #expect(throws: TableKitError.unknownOption("garden")) {
            try SelectionList(mode: .inclusive, options: Self.categories, selection: ["garden"])
        }
        #expect(throws: TableKitError.duplicateOptionKeys) { try SelectionList(mode: .inclusive, options: ["a", "a"]) }
        var list = try SelectionList(mode: .exclusive, options: Self.categories, selection: ["home"])
        #expect(throws: TableKitError.unknownOption("garden")) { try list.choose("garden") }
        #expect(list.selection == ["home"], "a refused choice changes nothing")
    }

    @Test("checked options follow display order, and the list survives a JSON round trip")
    func orderAndCoding() throws {
        let list = try SelectionList(mode: .inclusive, options: Self.categories, selection: ["someday", "work"])
        #expect(list.checkedOptions == ["work", "someday"])
        let decoded = try JSONDecoder().decode(SelectionList.self, from: JSONEncoder().encode(list))
        #expect(decoded == list)
    }
}
