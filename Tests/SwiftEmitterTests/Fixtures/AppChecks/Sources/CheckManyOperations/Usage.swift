// The ManyOperations connector (120 operations): the app reads them as it reads Firebase's `let`s.

import SDKGenDataConnect
import ManyOperations

func useManyOperations() {
    let connector = DataConnect.testConnConnector
    let first: Q0Query = connector.q0Query
    let last: Q119Query = connector.q119Query
    _ = first.ref()
    _ = last.ref()
}

