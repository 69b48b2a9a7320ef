import { describeBadInputSweep } from '../../test-support/bad-input';

// The shared sweep: every chat operation (linking, the admins' page), as every role, with garbage.
describeBadInputSweep('chat');
