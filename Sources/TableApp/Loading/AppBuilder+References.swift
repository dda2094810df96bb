import TableKit
import Yams

extension AppBuilder {
    /// Checks the references between scenes once every scene is read: the root, each scene's
    /// pushes and batches, and the cycles of cells that are always there.
    mutating func checkReferences(root: (node: Node?, scene: String), sceneNodes: [String: Node], scenes: [String: SceneDefinition],
                                  batches: [String: BatchDefinition]) {
        let defined = sceneNodes.keys.sorted()
        let (rootNode, rootScene) = root
        if rootNode != nil, !rootScene.isEmpty, sceneNodes[rootScene] == nil {
            reader.fail(rootNode, "root scene \"\(rootScene)\" is not defined\(NearestName.hint(rootScene, among: defined)) (scenes: \(defined.joined(separator: ", ")))")
        }
        // Pushes by cells that are always there, whatever the data: a cycle of them nests pages without end.
        var fixedPushes: [String: [(target: String, node: Node)]] = [:]
        for (name, node) in sceneNodes {
            guard let scene = scenes[name] else { continue }
            let sceneFields = reader.mapping(node, "scene \"\(name)\"")
            checkReference(reader.field(sceneFields, "push"), defined)
            checkReference(reader.field(sceneFields, "info"), defined)
            // A fixed scene's cells, and a detail scene's extra cells after its fields.
            let detailSections = reader.field(reader.mapping(reader.field(sceneFields, "detail"), "detail"), "sections")
            for (sections, inDetail) in [(reader.field(sceneFields, "sections"), false), (detailSections, true)] {
                for (number, section) in (reader.sequence(sections, "sections") ?? []).enumerated() {
                    for (row, cell) in (reader.sequence(reader.field(reader.mapping(section, "a section"), "cells"), "cells") ?? []).enumerated() {
                        let push = reader.field(reader.mapping(cell, "a cell"), "push")
                        checkReference(push, defined)
                        if let push, let target = scene.fixedCellPush(section: number, row: row, inDetail: inDetail) {
                            fixedPushes[name, default: []].append((target, push))
                        }
                    }
                }
            }
            for (batchName, batchNode) in reader.distinctStrings(reader.field(sceneFields, "batches"), "batches", each: "batch")
            where batches[batchName] == nil {
                reader.fail(batchNode, "batch \"\(batchName)\" is not defined under batches\(NearestName.hint(batchName, among: batches.keys.sorted()))")
            }
        }
        warnAboutEndlessNesting(fixedPushes, from: [rootScene] + defined)
    }

    /// Warns of scenes that lead back to themselves through cells that are always there (however
    /// a page reaches them: a list's rows lead on as deep as the data does): their pages nest
    /// without end, a server answers 404 past `NavigationStack.deepestLevel` levels, and an
    /// export stops there. Each cycle is named once, at the push that closes it, from the first
    /// of `starts` (the root, then every scene) that reaches it.
    private mutating func warnAboutEndlessNesting(_ pushes: [String: [(target: String, node: Node)]], from starts: [String]) {
        var finished: Set<String> = [], trail: [String] = []
        func visit(_ scene: String) {
            trail.append(scene)
            for (target, node) in pushes[scene] ?? [] {
                if let start = trail.firstIndex(of: target) {
                    let cycle = (trail[start...] + [target]).joined(separator: " → ")
                    reader.warn(node, "scenes lead back to themselves through cells that are always there (\(cycle)): their pages nest "
                                + "without end, so a server answers 404 past \(NavigationStack.deepestLevel) levels and an export stops there")
                } else if !finished.contains(target) {
                    visit(target)
                }
            }
            trail.removeLast()
            finished.insert(scene)
        }
        for start in starts where !finished.contains(start) && pushes[start] != nil { visit(start) }
    }

    /// Refuses a scene name at `node` that is not among `defined` (sorted, for the hint).
    private mutating func checkReference(_ node: Node?, _ defined: [String]) {
        guard let node, let name = node.string, !defined.contains(name) else { return }
        reader.fail(node, "scene \"\(name)\" is not defined\(NearestName.hint(name, among: defined))")
    }
}
