#ifndef ORMKIT_CSQLITE_SHIM_H
#define ORMKIT_CSQLITE_SHIM_H

#include <sqlite3.h>
#include "sqlite-helpers.h"

#endif
