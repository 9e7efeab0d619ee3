import Diagnostics
import GraphQL

/// Spec 5.1.1: a connector file holds only operations and fragments.
final class ExecutableDefinitionsRule: ValidationRule {
    let hooks: ValidationHooks = [.otherDefinition]

    func enterOtherDefinition(_ definition: Definition, _ context: ValidationContext) {
        let name: String
        switch definition {
        case .schema, .schemaExtension: name = "schema"
        case .type(let node): name = "\"\(node.name.value)\""
        case .typeExtension(let node): name = "\"\(node.name.value)\""
        case .directive(let node): name = "\"\(node.name.value)\""
        case .operation, .fragment: return
        }
        context.error(.executableDefinitions, "The \(name) definition is not executable.", at: definition.range,
                      notes: [.init("Types belong in the schema folder; connector files hold only queries, mutations and fragments.")])
    }
}
